/** Uptime as days, hours, minutes (surroundings §9). */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${d}d ${h}h ${m}m`;
}

/** Bytes as MB with 2 decimals (surroundings §9). */
export function formatMemoryMb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(2);
}
