import {
  DATE_ORDER_LABELS,
  DATE_ORDERS,
  DECIMAL_SEPARATOR_LABELS,
  DECIMAL_SEPARATORS,
  type DateOrder,
  type DecimalSeparator,
  type ImportFormat,
} from '@formbridge/contract/import-formats';
import { SelectField } from '../../../../components/ui/select-field';

type Props = {
  format: ImportFormat;
  onChange: (format: ImportFormat) => void;
  isDisabled?: boolean;
};

/** How this file writes dates and decimals: detected from its first rows, changeable. */
export function ImportFormatFields({ format, onChange, isDisabled = false }: Props) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="Dates in this file"
        value={format.date_order}
        disabled={isDisabled}
        onChange={(event) => onChange({ ...format, date_order: event.target.value as DateOrder })}
      >
        {DATE_ORDERS.map((order) => (
          <option key={order} value={order}>
            {DATE_ORDER_LABELS[order]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Decimal separator"
        value={format.decimal_separator}
        disabled={isDisabled}
        onChange={(event) =>
          onChange({ ...format, decimal_separator: event.target.value as DecimalSeparator })
        }
      >
        {DECIMAL_SEPARATORS.map((separator) => (
          <option key={separator} value={separator}>
            {DECIMAL_SEPARATOR_LABELS[separator]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
