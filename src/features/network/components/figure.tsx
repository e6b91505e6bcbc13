/** One figure of a period, as the dashboard shows them. */
export function Figure({ label, value, testId, small }: { label: string; value: string | number; testId?: string; small?: boolean }) {
  return (
    <section className="nw-card">
      <h2>{label}</h2>
      <p className={small ? 'nw-figure-small' : 'nw-figure'} data-testid={testId}>
        {value}
      </p>
    </section>
  );
}
