/** The <video> is created on the first click, so the page downloads nothing of it before. */
export function initIntroVideo(): void {
  const dialog = document.querySelector<HTMLDialogElement>('[data-video-dialog]');
  const opener = document.querySelector<HTMLButtonElement>('[data-video-open]');
  const slot = dialog?.querySelector<HTMLElement>('[data-video-slot]');
  if (!dialog || !opener || !slot) return;
  let video: HTMLVideoElement | undefined;

  opener.addEventListener('click', () => {
    if (!video) {
      video = document.createElement('video');
      video.controls = true;
      video.playsInline = true;
      video.preload = 'auto';
      video.className = 'h-full w-full';
      video.src = slot.dataset.src ?? '';
      const track = document.createElement('track');
      track.kind = 'captions';
      track.srclang = 'nb';
      track.label = 'Norsk';
      track.default = true;
      track.src = slot.dataset.captions ?? '';
      video.append(track);
      slot.append(video);
      track.track.mode = 'showing';
    }
    dialog.showModal();
    // A browser may refuse to start playing by itself; the controls are there either way.
    video.play().catch(() => undefined);
  });
  dialog.querySelector('[data-video-close]')?.addEventListener('click', () => dialog.close());
  // A click on the backdrop (the dialog element itself, outside its content) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => video?.pause());
}
