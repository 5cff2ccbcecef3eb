// A generator function returns a paused object. next(value) runs it to the
// following yield; the value passed in becomes the result of the yield it was
// paused at. throw(err) resumes it by throwing at that yield instead.
'use strict';

function* interview() {
  const name = yield 'What is your name?';
  let city;
  try {
    city = yield `Where do you live, ${name}?`;
  } catch (err) {
    city = `somewhere (${err.message})`;
  }
  return `${name} lives ${city}.`;
}

const talk = interview();
console.log(talk.next().value); // runs to the first yield; nothing to pass in yet
console.log(talk.next('Ada').value);
console.log(talk.next('in London'));

const shy = interview();
shy.next();
shy.next('Bob');
console.log(shy.throw(new Error('no answer')));

// Output:
// What is your name?
// Where do you live, Ada?
// { value: 'Ada lives in London.', done: true }
// { value: 'Bob lives somewhere (no answer).', done: true }
