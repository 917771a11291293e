/**
 * The two todo counts people see side by side, each saying what it counts: the menu's badge counts only what is
 * overdue or due today (mine), the dashboard's link every open todo of the chosen scope. Without the words, 33 on
 * the badge and "Alle Todos (77)" looked like two answers to one question.
 */
const count = (n: number) => n.toLocaleString('de-DE');

/** The badge's tooltip and accessible name: "33 Todos überfällig oder heute fällig". */
export const urgentTodosText = (urgent: number) =>
  `${count(urgent)} ${urgent === 1 ? 'Todo' : 'Todos'} überfällig oder heute fällig`;

/** The dashboard's link to Todos: "Alle offenen Todos (77, davon 33 überfällig oder heute fällig)". */
export const allTodosLinkText = (total: number, urgent: number) =>
  `Alle offenen Todos (${count(total)}, davon ${count(urgent)} überfällig oder heute fällig)`;
