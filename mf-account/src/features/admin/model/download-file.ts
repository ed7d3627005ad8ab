/** Hands a text to the browser as a file download (the export is a POST, so no plain link can fetch it). */
export function downloadFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the object URL is not needed after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The MsgId of a pain.001 file, its name. */
export function msgIdOf(xml: string): string {
  return /<MsgId>([^<]+)<\/MsgId>/.exec(xml)?.[1] ?? 'maksefail';
}
