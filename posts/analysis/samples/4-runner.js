// A coroutine runner: the generator yields promises; the runner waits for
// each one and resumes the generator with its value, or throws its error in
// at the yield. The generator reads like blocking code, try/catch included.
'use strict';
const { getP } = require('./lib/store');

function run(generatorFunction, ...args) {
  return new Promise((resolve, reject) => {
    const it = generatorFunction(...args);
    function resume(method, input) {
      let step;
      try {
        step = it[method](input); // runs the generator to its next yield
      } catch (err) {
        return reject(err); // the generator threw and did not catch it
      }
      if (step.done) return resolve(step.value);
      Promise.resolve(step.value).then(
        (value) => resume('next', value),
        (err) => resume('throw', err)
      );
    }
    resume('next');
  });
}

function* countOrders(userKey) {
  try {
    const user = yield getP(userKey);
    const orders = yield getP(`orders:${user.id}`);
    return `${user.name} has ${orders.length} orders`;
  } catch (err) {
    return `failed: ${err.message}`;
  }
}

run(countOrders, 'user:ada')
  .then(console.log)
  .then(() => run(countOrders, 'user:bob'))
  .then(console.log);

// Output:
// Ada has 2 orders
// failed: no row under "user:bob"
