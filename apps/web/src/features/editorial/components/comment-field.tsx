import { COMMENT_MAX } from '@hls/contract/values';
import { TextAreaField } from '@/components/ui/field';
import { useFieldText } from '../use-field-text';

type CommentFieldProps = {
  label: string;
  hint: string;
  rows: number;
  value: string;
  /** The comment's error code (from the form's schema or the server), shown as text. */
  error: string | undefined;
  onChange: (value: string) => void;
};

/** The comment an editorial decision always carries (the author or the reporter reads it). */
export function CommentField({ label, hint, rows, value, error, onChange }: CommentFieldProps) {
  const fieldText = useFieldText();
  return (
    <TextAreaField
      label={label}
      hint={hint}
      required
      rows={rows}
      maxLength={COMMENT_MAX}
      name="comment"
      value={value}
      error={fieldText(error)}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
