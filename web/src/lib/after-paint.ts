/**
 * Runs `run` once the browser has painted the current frame: a requestAnimationFrame callback
 * runs just before a paint, and a task queued from it runs after that paint. Work started
 * this way (below-the-fold sections, the hero animation library) does not compete with the
 * first paint and the LCP image. `fallbackMs` covers pages whose frames are paused (a
 * background tab). Returns a cancel function.
 */
export function afterNextPaint(run: () => void, fallbackMs = 1000): () => void {
  let done = false;
  let task: number | undefined;
  const fire = () => {
    if (done) return;
    done = true;
    run();
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (task = window.setTimeout(fire, 0))) : undefined;
  const fallback = window.setTimeout(fire, fallbackMs);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    window.clearTimeout(task);
    window.clearTimeout(fallback);
  };
}
