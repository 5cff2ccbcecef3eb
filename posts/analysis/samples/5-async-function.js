// The runner, built into the language: an async function pauses at each
// await as the generator paused at each yield, and it returns a promise.
'use strict';
const { getP } = require('./lib/store');

async function countOrders(userKey) {
  try {
    const user = await getP(userKey);
    const orders = await getP(`orders:${user.id}`);
    return `${user.name} has ${orders.length} orders`;
  } catch (err) {
    return `failed: ${err.message}`;
  }
}

async function main() {
  console.log(await countOrders('user:ada'));
  console.log(await countOrders('user:bob'));
}

main();

// Output:
// Ada has 2 orders
// failed: no row under "user:bob"
