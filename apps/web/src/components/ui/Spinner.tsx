import './spinner.css';

/**
 * A small rotating indicator. With a label it announces itself as a status; with label=""
 * it is decorative (e.g. inside a busy button that already says what is happening).
 */
export function Spinner({ size = 'md', label = 'Loading' }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  if (!label) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span role="status" className="spinner-wrap">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
