// A progress bar with its line of text ("120 of 500 rows · …"). The line is not a live region: the run's
// status line is the one that announces, so each change is read once, not twice.

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
      <p class="hint">{text}</p>
    </div>
  );
}
