import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import classes from './quantity-input.module.css';

export interface QuantityInputProps {
  name: string;
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}

/**
 * A whole-number box for a quantity where Mantine's NumberInput (~9.5 KB gz and its render)
 * would draw the same thing (docs/decisions/0036-what-hydrates-when.md): a text box with a
 * numeric keypad, Up/Down step by one, out-of-range values clamped, styled with Mantine's
 * input variables. A real input of its form: what is typed before the app runs is sent as is.
 */
export const QuantityInput = forwardRef<HTMLInputElement, QuantityInputProps>(function QuantityInput(
  { name, label, value, min, max, onChange },
  ref,
) {
  const id = useId();
  // What is being typed (it may be empty or out of range for a moment); the value once it is a number.
  const [draft, setDraft] = useState<string | null>(null);
  const clamp = (n: number) => Math.min(max, Math.max(min, n));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    setDraft(null);
    onChange(clamp(value + (event.key === 'ArrowUp' ? 1 : -1)));
  };
  return (
    <div className={classes.root}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name={name}
        className={classes.input}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        value={draft ?? String(value)}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 4);
          setDraft(digits);
          if (digits !== '') onChange(clamp(Number.parseInt(digits, 10)));
        }}
        onBlur={() => setDraft(null)}
      />
    </div>
  );
});
