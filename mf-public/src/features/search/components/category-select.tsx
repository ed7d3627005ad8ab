import { NativeSelect } from 'shared-kernel/ui';
import type { Category } from 'shared-kernel/schemas';

export interface CategorySelectProps {
  name: string;
  label: string;
  placeholder: string;
  options: Category[];
  value: number | null;
  disabled?: boolean;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
}

/** A native select of categories: the phone's own picker on touch screens. */
export function CategorySelect({ name, label, placeholder, options, value, disabled, onChange, onBlur }: CategorySelectProps) {
  return (
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field
        name={name}
        aria-label={label}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        onBlur={onBlur}
      >
        <option value="">{placeholder}</option>
        {options.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
