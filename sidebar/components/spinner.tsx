// The busy indicator inside buttons and loading areas.

export function Spinner({ label }: { label?: string }) {
  return label ? (
    <span class="spinner" role="img" aria-label={label} />
  ) : (
    <span class="spinner" aria-hidden="true" />
  );
}
