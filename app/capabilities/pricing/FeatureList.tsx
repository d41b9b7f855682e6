// @chunk plans
// Its own module: the checkout page shows the feature list without the plan cards (issue 13).
export function FeatureList({ features }: { features: string[] }) {
  return (
    <ul className="space-y-2.5 text-[0.9375rem] text-ink">
      {features.map((feature) => (
        <li key={feature} className="flex gap-2.5">
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="mt-0.5 size-5 shrink-0 text-success-700"
            fill="currentColor"
          >
            <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
          </svg>
          {feature}
        </li>
      ))}
    </ul>
  );
}
