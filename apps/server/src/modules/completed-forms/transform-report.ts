import type { FillReportDto } from '@formbridge/contract/completed-forms';
import type { FillValue } from '../../pdf/fill/fill-form.ts';
import type { TransformTrace } from './assemble-values.ts';

/** The report line naming the transform behind an empty or unusual value. */
export function describeTransformProblem(trace: TransformTrace): string {
  return `Transform "${trace.transform}": ${trace.note ?? 'produced this value'}`;
}

/**
 * Names the transform in the fill report wherever it explains a problem: when it left a value
 * empty or unusual (its note), and when the engine could not use what it produced (a value map
 * or condition that chose no option of the field).
 */
export function addTransformProblems(
  report: FillReportDto,
  transforms: Readonly<Record<string, TransformTrace>>,
  values: Readonly<Record<string, FillValue>>,
): FillReportDto {
  const fields = report.fields.map((field) => {
    const trace = Object.hasOwn(transforms, field.field) ? transforms[field.field] : undefined;
    if (!trace) {
      return field;
    }
    const isRefused =
      field.value_written === null &&
      field.problems.length > 0 &&
      values[field.field] !== null &&
      values[field.field] !== undefined;
    if (trace.note === null && !isRefused) {
      return field;
    }
    const line =
      trace.note === null
        ? `Transform "${trace.transform}" produced ${JSON.stringify(values[field.field])}`
        : describeTransformProblem(trace);
    return { ...field, problems: [...field.problems, line] };
  });
  return { ...report, fields };
}
