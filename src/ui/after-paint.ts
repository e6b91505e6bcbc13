/**
 * Runs `run` in a task of its own after the browser's next paint (a frame callback, then a task): work that
 * must not hold back the frame showing a tap's own feedback, since a task queued with a bare `setTimeout` often
 * runs before that frame. Returns the cancel. A hidden page paints no frames: `run` waits until it shows again.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
