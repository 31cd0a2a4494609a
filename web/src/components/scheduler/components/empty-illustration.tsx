import classes from '../scheduler.module.css';

/** An empty pitch with a resting ball, drawn in the current accent colour. */
export function EmptyIllustration() {
  return (
    <svg className={classes.emptyIllustration} viewBox="0 0 160 120" fill="none" aria-hidden="true" focusable="false">
      <ellipse cx="80" cy="108" rx="62" ry="6" fill="currentColor" opacity="0.08" />
      <rect x="14" y="18" width="132" height="82" rx="8" fill="currentColor" opacity="0.08" />
      <rect x="14" y="18" width="132" height="82" rx="8" stroke="currentColor" strokeWidth="2" opacity="0.55" />
      <line x1="80" y1="18" x2="80" y2="100" stroke="currentColor" strokeWidth="2" opacity="0.55" />
      <circle cx="80" cy="59" r="14" stroke="currentColor" strokeWidth="2" opacity="0.55" />
      <circle cx="80" cy="59" r="2" fill="currentColor" opacity="0.55" />
      <path d="M14 42h16v34H14M146 42h-16v34h16" stroke="currentColor" strokeWidth="2" opacity="0.55" />
      <path d="M14 51h6v16h-6M146 51h-6v16h6" stroke="currentColor" strokeWidth="2" opacity="0.35" />
      <g transform="translate(104 70)">
        <circle r="11" fill="var(--pts-surface, #fff)" stroke="currentColor" strokeWidth="2" />
        <path d="M0 -5l4.8 3.5-1.8 5.6h-6l-1.8-5.6z" fill="currentColor" opacity="0.8" />
        <path
          d="M0 -5v-6M4.8 -1.5l5.6-2M3 4.1l3.6 5M-3 4.1l-3.6 5M-4.8 -1.5l-5.6-2"
          stroke="currentColor"
          strokeWidth="1.4"
          opacity="0.8"
        />
      </g>
      <g fill="currentColor" opacity="0.45">
        <circle cx="36" cy="8" r="2" />
        <circle cx="128" cy="6" r="1.5" />
        <circle cx="150" cy="30" r="1.5" />
        <circle cx="8" cy="86" r="1.5" />
      </g>
    </svg>
  );
}
