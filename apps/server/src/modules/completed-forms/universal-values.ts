import { formatIsoDate } from '@formbridge/contract/dates';

export type UniversalContext = {
  /** The moment of generation: one per request or job, so every form of a bulk job agrees. */
  now: Date;
  userEmail: string;
  recordId: string;
  recordDisplayName: string;
  templateName: string;
  tableName: string;
};

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The value of every universal dynamic field (contract universal-fields.ts), as text. Dates and
 * times are UTC, like every other date the server writes: 'YYYY-MM-DD', 'YYYY-MM-DD HH:MM',
 * 'HH:MM', and the day, month and year on their own ('05', '01', '2025') for forms that print
 * them in separate boxes.
 */
export function computeUniversalValues(context: UniversalContext): Record<string, string> {
  const { now } = context;
  const date = formatIsoDate(now);
  const time = `${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}`;
  return {
    current_date: date,
    current_datetime: `${date} ${time}`,
    current_time: time,
    current_day: pad(now.getUTCDate()),
    current_month: pad(now.getUTCMonth() + 1),
    current_year: String(now.getUTCFullYear()),
    user_email: context.userEmail,
    record_id: context.recordId,
    record_display_name: context.recordDisplayName,
    template_name: context.templateName,
    table_name: context.tableName,
  };
}
