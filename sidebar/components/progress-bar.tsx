// A progress bar with its line of text ("120 of 500 rows · …"), announced politely as it moves.

export function ProgressBar({ label, percent, text }: { label: string; percent: number; text: string }) {
  return (
    <div>
      <div
        class="progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <div class="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p class="hint" aria-live="polite">
        {text}
      </p>
    </div>
  );
}
