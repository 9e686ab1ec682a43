/** What a list shows of a code: a fixed mask and its last 4 letters or digits (`•••• •••• •••• AB12`). */
export function maskKeyCode(code: string): string {
  return `•••• •••• •••• ${code.replace(/[^A-Za-z0-9]/g, '').slice(-4)}`;
}
