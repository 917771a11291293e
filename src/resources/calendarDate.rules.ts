/**
 * Whether ISO text (`2024-02-29`, `2024-02-29T13:05:00Z`) names a real day and time: yup's pattern lets
 * `2023-02-30`, `0000-00-00` and `25:61` through, PostgreSQL does not (a 500 before this check).
 */
export function isRealDate(text: string): boolean {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/.exec(
      text,
    );
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  if (day > new Date(Date.UTC(2000, month, 0)).getUTCDate()) return false; // 29 days for February
  if (month === 2 && day === 29 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) return false;
  const [hour, minute, second, offsetHour, offsetMinute] = [4, 5, 6, 7, 8].map((i) => Number(match[i] ?? 0));
  return hour! < 24 && minute! < 60 && second! < 60 && offsetHour! < 15 && offsetMinute! < 60;
}
