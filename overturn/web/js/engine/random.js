// CPython's random.Random, draw for draw (issue 39): the page's deal and computer must make the same choices as
// the server's from the same seed, so a seeded game replays on either side. Only what overturn uses is here:
// seeding (an int, or a str as match.py and the table's computer seats seed), random, getrandbits, randrange,
// randint, choice, sample and shuffle, each written as CPython 3.11's Lib/random.py and Modules/_randommodule.c.
//
// Integers are Numbers up to 2**53 in size (exact in a double); a seed may also be a BigInt of any size. A JS string is a
// Python str seed (hashed with SHA-512 as CPython does), so an int seed must be given as a Number or a BigInt.

import { sha512 } from "./sha512.js";

const N = 624;
const M = 397;
const TWO_32 = 2 ** 32;

// The 32-bit words of |seed|, least significant first: the key CPython's random_seed gives init_by_array
// (at least one word, so 0 seeds with [0]).
function seedWords(seed) {
  let n;
  if (typeof seed === "string") {
    // Python: a = a.encode(); a = int.from_bytes(a + sha512(a).digest()), big-endian.
    const data = new TextEncoder().encode(seed);
    const bytes = new Uint8Array(data.length + 64);
    bytes.set(data);
    bytes.set(sha512(data), data.length);
    n = 0n;
    for (const byte of bytes) n = (n << 8n) | BigInt(byte);
  } else if (typeof seed === "bigint") {
    n = seed < 0n ? -seed : seed;
  } else if (Number.isInteger(seed)) { // any integer double is exact, 2**53 and beyond included
    n = BigInt(Math.abs(seed));
  } else {
    throw new TypeError("the seed must be an integer (a Number or a BigInt) or a string");
  }
  const words = [];
  while (n > 0n) {
    words.push(Number(n & 0xffffffffn));
    n >>= 32n;
  }
  return words.length ? words : [0];
}

// The number of bits of a non-negative integer Number (int.bit_length).
function bitLength(n) {
  return n < TWO_32 ? 32 - Math.clz32(n) : 64 - Math.clz32(Math.floor(n / TWO_32));
}

// Python's a // b for integer Numbers, exact (a float division may round a large quotient up to the next int).
function floorDiv(a, b) {
  const q = BigInt(a) / BigInt(b); // truncated toward zero
  return Number(BigInt(a) % BigInt(b) !== 0n && (a < 0) !== (b < 0) ? q - 1n : q);
}

function checkInt(value, name) {
  if (!(Number.isInteger(value) && Math.abs(value) <= 2 ** 53)) throw new TypeError(`${name} must be an integer Number (|${name}| <= 2**53)`);
  return value;
}

// The population size up to which sample(population, k) draws from a pool rather than rejecting repeats.
export function sampleSetSize(k) {
  let setsize = 21; // size of a small set minus size of an empty list
  if (k > 5) setsize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4)); // math.log(k * 3, 4) is log(x) / log(4)
  return setsize;
}

export class Random {
  constructor(seed = 0) {
    this.state = new Uint32Array(N);
    this.index = N;
    this.seed(seed);
  }

  // init_by_array(init_genrand(19650218), key), word for word as _randommodule.c.
  seed(seed) {
    const key = seedWords(seed);
    const mt = this.state;
    mt[0] = 19650218;
    for (let i = 1; i < N; i += 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = Math.imul(1812433253, prev) + i;
    }
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k; k -= 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j;
      i += 1;
      j += 1;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k; k -= 1) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (mt[i] ^ Math.imul(prev, 1566083941)) - i;
      i += 1;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    this.index = N;
  }

  // One 32-bit draw of MT19937 (genrand_uint32), as an unsigned Number.
  next32() {
    const mt = this.state;
    if (this.index >= N) {
      for (let kk = 0; kk < N; kk += 1) {
        const y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % N] & 0x7fffffff);
        mt[kk] = mt[(kk + M) % N] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index];
    this.index += 1;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  // A float in [0, 1) from 53 random bits: two draws, 27 and 26 bits (random_random).
  random() {
    const a = this.next32() >>> 5;
    const b = this.next32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  // k random bits (0 <= k <= 53) as a Number: words least significant first, the last one's top bits kept.
  getrandbits(k) {
    checkInt(k, "k");
    if (k < 0) throw new RangeError("number of bits must be non-negative");
    if (k > 53) throw new RangeError("getrandbits(k) above 53 bits: use getrandbitsBig");
    if (k === 0) return 0;
    if (k <= 32) return this.next32() >>> (32 - k);
    const low = this.next32();
    return (this.next32() >>> (64 - k)) * TWO_32 + low;
  }

  // k random bits of any size as a BigInt, the same draws as getrandbits.
  getrandbitsBig(k) {
    checkInt(k, "k");
    if (k < 0) throw new RangeError("number of bits must be non-negative");
    let value = 0n;
    for (let shift = 0; k > 0; shift += 32, k -= 32) {
      const word = k < 32 ? this.next32() >>> (32 - k) : this.next32();
      value |= BigInt(word) << BigInt(shift);
    }
    return value;
  }

  // An int in [0, n) for 0 < n <= 2**53: getrandbits(n.bit_length()) until below n (_randbelow_with_getrandbits).
  randbelow(n) {
    const k = bitLength(n);
    if (k > 53) { // n = 2**53 takes 54 bits: drawn as a BigInt, the result still exact as a Number
      let r = this.getrandbitsBig(k);
      while (r >= BigInt(n)) r = this.getrandbitsBig(k);
      return Number(r);
    }
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  // randrange(stop) or randrange(start, stop[, step]), with CPython's errors for an empty range.
  randrange(start, stop = null, step = 1) {
    checkInt(start, "start");
    if (stop === null) {
      if (start > 0) return this.randbelow(start);
      throw new RangeError("empty range for randrange()");
    }
    checkInt(stop, "stop");
    checkInt(step, "step");
    const width = stop - start;
    if (!Number.isSafeInteger(width)) throw new RangeError("randrange() over more than 2**53 integers");
    if (step === 1) {
      if (width > 0) return start + this.randbelow(width);
      throw new RangeError(`empty range for randrange() (${start}, ${stop}, ${width})`);
    }
    let n;
    if (step > 0) n = floorDiv(width + step - 1, step);
    else if (step < 0) n = floorDiv(width + step + 1, step);
    else throw new RangeError("zero step for randrange()");
    if (n <= 0) throw new RangeError("empty range for randrange()");
    return start + step * this.randbelow(n);
  }

  // An int in [a, b], both included.
  randint(a, b) {
    return this.randrange(a, b + 1);
  }

  choice(seq) {
    if (!seq.length) throw new RangeError("Cannot choose from an empty sequence");
    return seq[this.randbelow(seq.length)];
  }

  // Shuffle the array in place (Fisher-Yates from the end, as CPython).
  shuffle(x) {
    for (let i = x.length - 1; i > 0; i -= 1) {
      const j = this.randbelow(i + 1);
      [x[i], x[j]] = [x[j], x[i]];
    }
  }

  // k distinct items of the array, in selection order. CPython picks one of two algorithms by sizes (a pool it
  // empties when the population is small against k, else draws rejected when already taken), and each draws
  // differently, so the choice is made here exactly as there.
  sample(population, k) {
    checkInt(k, "k");
    const n = population.length;
    if (!(k >= 0 && k <= n)) throw new RangeError("Sample larger than population or is negative");
    const result = new Array(k);
    if (n <= sampleSetSize(k)) {
      const pool = Array.from(population);
      for (let i = 0; i < k; i += 1) {
        const j = this.randbelow(n - i);
        result[i] = pool[j];
        pool[j] = pool[n - i - 1]; // move the item not selected into the vacancy
      }
    } else {
      const selected = new Set();
      for (let i = 0; i < k; i += 1) {
        let j = this.randbelow(n);
        while (selected.has(j)) j = this.randbelow(n);
        selected.add(j);
        result[i] = population[j];
      }
    }
    return result;
  }
}
