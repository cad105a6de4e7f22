/**
 * Warming a simulator up before it rolls for real (JIT cost). V8 optimises a function
 * with the type feedback it has gathered, and allocates a function's feedback only after its first
 * 8 calls: code first reached after the optimisation — a branch no earlier call took, the code
 * after a long loop — throws the optimised code away ("Insufficient type feedback") and has it
 * compiled again. So a warm-up is several short calls, more than 8.
 */
export const WARM_UP_CALLS = 12;

/**
 * A warm-up run once per thread, before a simulator's first real scenario: the first call of the
 * returned function builds the made-up inputs (`prepare`) and rolls them WARM_UP_CALLS times (the
 * function `prepare` returns); later calls do nothing. The made-up rolls use a generator of their
 * own and count into nothing a scenario reads, so results do not depend on them.
 */
export function warmUpOnce(prepare: () => () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const roll = prepare();
    for (let call = 0; call < WARM_UP_CALLS; call++) roll();
  };
}
