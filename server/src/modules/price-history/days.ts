/** Days as the history keys them: UTC calendar days written `YYYY-MM-DD` (they sort as text). */
const DAY_MS = 86_400_000;

export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
