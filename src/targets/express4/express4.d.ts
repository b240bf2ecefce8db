// `express4` is an npm alias of express@4, which ships no types; borrow @types/express
// (the API used here is the same in 4 and 5).
declare module 'express4' {
  import express = require('express');
  export = express;
}
