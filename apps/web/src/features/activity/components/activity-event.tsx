import type { AuditEvent } from '@formbridge/contract/audit';
import { formatDateTime } from '../../../lib/format';
import {
  describeAction,
  describeActor,
  SOURCE_LABELS,
  TARGET_KIND_LABELS,
} from '../utils/describe-event';

type Props = {
  event: AuditEvent;
  /** Shows only this target's events (the row's target name is the button). */
  onShowTarget: (kind: AuditEvent['target']['kind'], id: string) => void;
};

/** One event: when, who, what to which item, and each field's before → after. */
export function ActivityEvent({ event, onShowTarget }: Props) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        <span className="font-medium text-slate-900">{describeActor(event)}</span>
        <span className="text-slate-700">{describeAction(event.action)}</span>
        <span className="text-slate-600">{TARGET_KIND_LABELS[event.target.kind]}</span>
        <button
          type="button"
          className="break-all font-medium text-indigo-600 hover:text-indigo-800"
          onClick={() => onShowTarget(event.target.kind, event.target.id)}
          title="Show only this item's activity"
        >
          {event.target.name}
        </button>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        <time dateTime={event.at}>{formatDateTime(event.at)}</time>
        {' · '}
        {SOURCE_LABELS[event.source]}
        {event.ip ? ` · ${event.ip}` : ''}
        {event.user_agent ? (
          <span className="break-all" title={event.user_agent}>
            {' · '}
            {event.user_agent.length > 60 ? `${event.user_agent.slice(0, 60)}…` : event.user_agent}
          </span>
        ) : null}
      </p>
      {event.changes.length > 0 ? (
        <dl className="mt-3 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
          {event.changes.map((change) => (
            <div key={change.field} className="contents">
              <dt className="break-all font-medium text-slate-700">{change.field}</dt>
              <dd className="break-words text-slate-800">
                <span
                  className={
                    change.before === null
                      ? 'italic text-slate-500'
                      : 'line-through decoration-slate-400'
                  }
                >
                  {change.before ?? 'empty'}
                </span>
                <span aria-label="changed to" className="px-2 text-slate-500">
                  →
                </span>
                <span className={change.after === null ? 'italic text-slate-500' : ''}>
                  {change.after ?? 'empty'}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
