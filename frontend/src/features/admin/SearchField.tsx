import { TextField } from '../../components/ui/TextField';

interface Props {
  label: string;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
}

/** The search box above an owner's table (the table debounces what is typed). */
export function SearchField({ label, placeholder, value, onChange }: Props) {
  return (
    <div className="cr-search">
      <TextField
        label={label}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
