import { useEffect, useId, useState } from 'react';

/** A free-text filter that writes to the address when the field is left or Enter is pressed. */
export function TextFilter({ label, value, onChange, placeholder }: { label: string; value: string | undefined; onChange: (value: string) => void; placeholder?: string }) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const commit = () => text.trim() !== (value ?? '') && onChange(text.trim());
  return (
    <div className="field admin-toolbar__filter">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} className="field__input" value={text} placeholder={placeholder} maxLength={254} onChange={(event) => setText(event.target.value)} onBlur={commit} onKeyDown={(event) => event.key === 'Enter' && commit()} />
    </div>
  );
}
