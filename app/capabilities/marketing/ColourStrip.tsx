/** The brand's colour strip above the footer: the thread and ink colours we print with most. */
const colours = [
  "bg-brand-900",
  "bg-brand-700",
  "bg-brand-500",
  "bg-brand-300",
  "bg-accent-300",
  "bg-accent-500",
  "bg-accent-700",
  "bg-accent-900",
];

export function ColourStrip() {
  return (
    <div aria-hidden="true" className="flex h-3">
      {colours.map((colour) => (
        <div key={colour} className={`flex-1 ${colour}`} />
      ))}
    </div>
  );
}
