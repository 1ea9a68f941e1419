// Lists follow the engine: they load again every few seconds while they are on screen.

/** Runs `load` every `millis` until the returned function is called; a failed load waits for the next turn. */
export function every(load, millis = 2000) {
  let stopped = false;
  let timer;
  const turn = async () => {
    try {
      await load();
    } catch (error) {
      console.warn('Refreshing failed', error);
    }
    if (!stopped) {
      timer = setTimeout(turn, millis);
    }
  };
  timer = setTimeout(turn, millis);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
