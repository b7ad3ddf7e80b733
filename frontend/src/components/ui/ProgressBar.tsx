/** A bar of how far something is, in percent, named by the element `labelledBy` or by `label`. */
export function ProgressBar({ percent, labelledBy, label }: { percent: number; labelledBy?: string; label?: string }) {
  return (
    <div
      className="mw-progress"
      role="progressbar"
      aria-labelledby={label ? undefined : labelledBy}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
    >
      <div className="mw-progress-bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
