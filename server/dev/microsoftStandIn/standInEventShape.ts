import type { Event } from '@microsoft/microsoft-graph-types';

const instant = (value: { dateTime?: string | null; timeZone?: string | null } | null | undefined) => {
  const text = value?.dateTime ?? '';
  // Graph answers in UTC unless asked otherwise; a dateTime without offset is in its timeZone (UTC here).
  return Date.parse(/Z|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);
};

/** Whether the event overlaps the window from `start` to `end`. */
export const inWindow = (event: Event, start: string, end: string) =>
  instant(event.start) < Date.parse(end) && instant(event.end) > Date.parse(start);

/** An event as Graph shows it: extended properties only when expanded. */
export function shown(event: Event, expand = false): Event & { '@odata.etag'?: string } {
  const etag = { '@odata.etag': `W/"${event.changeKey}"` };
  if (expand) return { ...etag, ...event };
  const { singleValueExtendedProperties: _hidden, ...rest } = event;
  return { ...etag, ...rest };
}
