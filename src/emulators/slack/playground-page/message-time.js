// A message's time and day as Slack shows them, in the browser's locale.

export function formatTime(ts) {
  const date = new Date(Number(ts) * 1000);
  return Number.isFinite(date.getTime()) ? date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' }) : '';
}

export function formatDay(ts) {
  const date = new Date(Number(ts) * 1000);
  if (!Number.isFinite(date.getTime())) return '';
  const today = new Date();
  if (date.toDateString() === today.toDateString()) return 'Today';
  return date.toLocaleDateString([], { weekday: 'long', month: 'long', day: 'numeric' });
}
