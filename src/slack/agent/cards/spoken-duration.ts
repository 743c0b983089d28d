/**
 * A configured duration in words, exact to the second: "15 seconds", "1 minute", "1 minute 30 seconds".
 * Rounding to minutes would tell a user a 15-second timeout lasted "1 minute".
 */
export function spokenDuration(ms: number): string {
  const totalSeconds = Math.max(1, Math.round(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const parts = [
    ...(minutes > 0 ? [`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`] : []),
    ...(seconds > 0 ? [`${seconds} ${seconds === 1 ? 'second' : 'seconds'}`] : []),
  ];
  return parts.join(' ');
}
