/**
 * Word postings for the catalogue search, held in the server's memory beside the search columns
 * (search-columns.server.ts): for every lexeme of the products' search vectors, the positions
 * (slots, name order) of the products holding it, with its word positions and weights. The database
 * only turns the visitor's words into a tsquery (stemming, near words); matching it, and ranking
 * the matches as PostgreSQL's ts_rank does, are loops over these integer arrays. At 1,000,000
 * products a common word matched 93,349 rows that the database had to read for every search.
 *
 * Pure: no database. The ranking follows PostgreSQL 15's src/backend/utils/adt/tsrank.c (calc_rank
 * with its default weights and normalization 0) step by step, in single precision where it uses
 * `float`, so that ties and orders are the database's own.
 */

export interface TextPostings {
  /** Every lexeme, in code-unit order: a prefix's lexemes are a range. */
  lexemes: string[];
  /** Lexeme l's products are slots[start[l] .. start[l + 1]), ascending. */
  start: Int32Array;
  slots: Int32Array;
  /** How often the lexeme occurs in that product, minus one (a tsvector keeps at most 256). */
  counts: Uint8Array;
  /**
   * Where posting k's occurrences start in `positions` (postings and their occurrences are in the
   * same order): checkpoints[k >> 6] for every 64th, the counts add up the rest.
   */
  checkpoints: Uint32Array;
  /** As PostgreSQL's WordEntryPos: the weight (D 0 .. A 3) in the top 2 bits, the position below. */
  positions: Uint16Array;
  /** The lower-cased style numbers (catalog_search.style), one after the other by slot. */
  styles: string;
  styleStart: Int32Array;
}

/** Bytes of typed arrays and strings (2 bytes a character at most, plus a string's header). */
export function postingsBytes(t: TextPostings) {
  const strings = t.lexemes.reduce((n, l) => n + 16 + l.length, t.lexemes.length * 8);
  return (
    strings +
    t.styles.length +
    t.start.byteLength +
    t.slots.byteLength +
    t.counts.byteLength +
    t.checkpoints.byteLength +
    t.positions.byteLength +
    t.styleStart.byteLength
  );
}

class Growable<T extends Int32Array | Uint16Array | Uint8Array> {
  length = 0;
  constructor(public array: T) {}
  push(value: number) {
    if (this.length === this.array.length) {
      const next = new (this.array.constructor as new (n: number) => T)(this.array.length * 2);
      next.set(this.array);
      this.array = next;
    }
    this.array[this.length++] = value;
  }
}

const WEIGHT_CODES: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/**
 * Collects products one by one, in slot order, from their search vectors as PostgreSQL prints them
 * (`'cotton':4,12A 'tee':2A`), then inverts them into postings.
 */
export function postingsBuilder(size: number) {
  const ids = new Map<string, number>();
  const lexemes: string[] = [];
  const estimate = Math.max(16, size * 24);
  const entryLexeme = new Growable(new Int32Array(estimate));
  const entryCount = new Growable(new Uint8Array(estimate));
  const positions = new Growable(new Uint16Array(estimate));
  const entryStart = new Int32Array(size + 1);
  const styles: string[] = [];
  let slot = 0;

  function add(style: string, vector: string) {
    styles.push(style);
    entryStart[slot] = entryLexeme.length;
    let i = 0;
    const end = vector.length;
    while (i < end) {
      if (vector[i] === " ") {
        i++;
        continue;
      }
      // 'lexeme' with '' and \\ escaped.
      i++;
      let lexeme = "";
      let from = i;
      for (;;) {
        const c = vector.charCodeAt(i);
        if (c === 92 /* \ */) {
          lexeme += vector.slice(from, i) + vector[i + 1];
          i += 2;
          from = i;
        } else if (c === 39 /* ' */) {
          if (vector.charCodeAt(i + 1) === 39) {
            lexeme += vector.slice(from, i + 1);
            i += 2;
            from = i;
          } else {
            lexeme += vector.slice(from, i);
            i++;
            break;
          }
        } else if (i >= end) {
          throw new Error(`search postings: unterminated lexeme in ${vector.slice(0, 80)}`);
        } else i++;
      }
      let id = ids.get(lexeme);
      if (id === undefined) {
        id = lexemes.length;
        ids.set(lexeme, id);
        lexemes.push(lexeme);
      }
      entryLexeme.push(id);
      let count = 0;
      if (vector[i] === ":") {
        i++;
        for (;;) {
          let position = 0;
          let c = vector.charCodeAt(i);
          while (c >= 48 && c <= 57) {
            position = position * 10 + c - 48;
            c = vector.charCodeAt(++i);
          }
          const weight = WEIGHT_CODES[vector[i]!];
          if (weight !== undefined) i++;
          positions.push(((weight ?? 0) << 14) | position);
          count++;
          if (vector[i] === ",") i++;
          else break;
        }
      } else {
        // A lexeme without positions: PostgreSQL ranks it as one occurrence at the last position.
        positions.push(16383);
        count = 1;
      }
      entryCount.push(count - 1);
    }
    slot++;
  }

  function finish(): TextPostings {
    if (slot !== size) throw new Error(`search postings: ${slot} products, ${size} expected`);
    entryStart[size] = entryLexeme.length;
    // The default sort compares code units, as lowerBound does.
    const sorted = lexemes.slice().sort();
    const rankOf = new Int32Array(lexemes.length);
    sorted.forEach((lexeme, rank) => (rankOf[ids.get(lexeme)!] = rank));
    const L = lexemes.length;
    const start = new Int32Array(L + 1);
    const positionStart = new Float64Array(L + 1);
    const entries = entryLexeme.array;
    const entryCounts = entryCount.array;
    for (let e = 0; e < entryLexeme.length; e++) {
      const r = rankOf[entries[e]!]!;
      start[r + 1]! += 1;
      positionStart[r + 1]! += entryCounts[e]! + 1;
    }
    for (let r = 0; r < L; r++) {
      start[r + 1]! += start[r]!;
      positionStart[r + 1]! += positionStart[r]!;
    }
    const slots = new Int32Array(start[L]!);
    const counts = new Uint8Array(start[L]!);
    const out = new Uint16Array(positionStart[L]!);
    const next = start.slice(0, L);
    const nextPosition = positionStart.slice(0, L);
    const source = positions.array;
    let at = 0;
    for (let s = 0; s < size; s++) {
      for (let e = entryStart[s]!; e < entryStart[s + 1]!; e++) {
        const r = rankOf[entries[e]!]!;
        const k = next[r]!++;
        slots[k] = s;
        const count = entryCounts[e]! + 1;
        counts[k] = count - 1;
        let to = nextPosition[r]!;
        for (let j = 0; j < count; j++) out[to++] = source[at++]!;
        nextPosition[r] = to;
      }
    }
    const checkpoints = new Uint32Array((start[L]! >> 6) + 1);
    let offset = 0;
    for (let k = 0; k < start[L]!; k++) {
      if ((k & 63) === 0) checkpoints[k >> 6] = offset;
      offset += counts[k]! + 1;
    }
    const styleStart = new Int32Array(size + 1);
    for (let s = 0; s < size; s++) styleStart[s + 1] = styleStart[s]! + styles[s]!.length;
    return {
      lexemes: sorted,
      start,
      slots,
      counts,
      checkpoints,
      positions: out,
      styles: styles.join(""),
      styleStart,
    };
  }

  return { add, finish };
}

/** The first index from `from` (below `end`) whose value is not below `value`, by galloping. */
function seek(list: Int32Array, from: number, end: number, value: number) {
  if (from >= end || list[from]! >= value) return from;
  let low = from;
  let step = 1;
  while (low + step < end && list[low + step]! < value) {
    low += step;
    step *= 2;
  }
  let high = Math.min(low + step, end);
  // list[low] < value <= list[high] (or high = end)
  while (low + 1 < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < value) low = middle;
    else high = middle;
  }
  return high;
}

/** Where posting k's occurrences start in `positions`. */
export function positionOf(postings: TextPostings, k: number) {
  let at = postings.checkpoints[k >> 6]!;
  for (let j = k & ~63; j < k; j++) at += postings.counts[j]! + 1;
  return at;
}

/** The first lexeme not below `text`. */
function lowerBound(lexemes: string[], text: string) {
  let low = 0;
  let high = lexemes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (lexemes[middle]! < text) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The lexemes an operand stands for: itself, or with `:*` every lexeme it starts. */
export function lexemeRange(postings: TextPostings, operand: Operand): [number, number] {
  const { lexemes } = postings;
  const from = lowerBound(lexemes, operand.text);
  if (!operand.prefix) return lexemes[from] === operand.text ? [from, from + 1] : [from, from];
  let to = from;
  while (to < lexemes.length && lexemes[to]!.startsWith(operand.text)) to++;
  return [from, to];
}

// ---- tsquery text -----------------------------------------------------------------------------

export interface Operand {
  kind: "operand";
  text: string;
  prefix: boolean;
}
export type QueryNode = Operand | { kind: "and" | "or"; children: QueryNode[] };

export interface ParsedQuery {
  /** null: an empty query (only stop words). */
  root: QueryNode | null;
  /** The operands in the order PostgreSQL stores them (operator, right, left: textual order reversed). */
  operands: Operand[];
}

/**
 * A tsquery as PostgreSQL prints it, for the operators the search's queries use (&, |, :*).
 * Negation, phrases and weight-restricted operands are refused (null): the caller answers in SQL.
 */
export function parseTsquery(text: string): ParsedQuery | null {
  let i = 0;
  const leaves: Operand[] = [];
  const skip = () => {
    while (text[i] === " ") i++;
  };
  function operand(): Operand | null {
    i++; // '
    let value = "";
    for (;;) {
      if (i >= text.length) return null;
      const c = text[i]!;
      if (c === "\\") {
        value += text[i + 1];
        i += 2;
      } else if (c === "'") {
        if (text[i + 1] === "'") {
          value += "'";
          i += 2;
        } else {
          i++;
          break;
        }
      } else {
        value += c;
        i++;
      }
    }
    let prefix = false;
    if (text[i] === ":") {
      i++;
      while (i < text.length && /[*A-Da-d]/.test(text[i]!)) {
        if (text[i] === "*") prefix = true;
        // A weight-restricted operand ranks and matches differently: not supported here.
        else return null;
        i++;
      }
    }
    const leaf: Operand = { kind: "operand", text: value, prefix };
    leaves.push(leaf);
    return leaf;
  }
  function primary(): QueryNode | null {
    skip();
    if (text[i] === "(") {
      i++;
      const inner = or();
      skip();
      if (!inner || text[i] !== ")") return null;
      i++;
      return inner;
    }
    if (text[i] === "'") return operand();
    return null; // !, <->, or something unexpected
  }
  function chain(kind: "and" | "or", symbol: string, next: () => QueryNode | null) {
    const first = next();
    if (!first) return null;
    const children = [first];
    for (;;) {
      skip();
      if (text[i] !== symbol) break;
      i++;
      const child = next();
      if (!child) return null;
      children.push(child);
    }
    if (children.length === 1) return first;
    // Flattened: a & (b & c) matches and ranks as a & b & c.
    return {
      kind,
      children: children.flatMap((c) => (c.kind === kind ? c.children : [c])),
    } as QueryNode;
  }
  const and = () => chain("and", "&", primary);
  const or = (): QueryNode | null => chain("or", "|", and);
  skip();
  if (i >= text.length) return { root: null, operands: [] };
  const root = or();
  skip();
  if (!root || i < text.length) return null;
  return { root, operands: leaves.reverse() };
}

// ---- matching --------------------------------------------------------------------------------

/** The products (slots, ascending) a query matches. */
export function matchQuery(postings: TextPostings, size: number, root: QueryNode | null) {
  if (!root) return new Int32Array(0);
  const bits = evaluate(postings, size, root);
  let total = 0;
  for (let w = 0; w < bits.length; w++) total += popcount(bits[w]!);
  const out = new Int32Array(total);
  let k = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      out[k++] = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return out;
}

function popcount(v: number) {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A bit per slot: the union of a word's alternatives, the intersection across words. */
function evaluate(postings: TextPostings, size: number, node: QueryNode): Int32Array {
  const bits = new Int32Array((size + 31) >>> 5);
  if (node.kind === "operand") {
    setBits(postings, node, bits);
  } else if (node.kind === "or") {
    // A word's alternatives repeat lexemes ('tee' stemmed, as a near word, and in 'simple').
    const seen = new Set<string>();
    for (const child of node.children) {
      if (child.kind === "operand") {
        const key = `${child.prefix ? "*" : ""}${child.text}`;
        if (!seen.has(key)) setBits(postings, child, bits);
        seen.add(key);
      } else {
        const other = evaluate(postings, size, child);
        for (let w = 0; w < bits.length; w++) bits[w]! |= other[w]!;
      }
    }
  } else {
    // The rarest operand first would read less; the query is small and this is linear anyway.
    bits.set(evaluate(postings, size, node.children[0]!));
    for (const child of node.children.slice(1)) {
      const other = evaluate(postings, size, child);
      let any = 0;
      for (let w = 0; w < bits.length; w++) any |= bits[w]! &= other[w]!;
      if (!any) break;
    }
  }
  return bits;
}

function setBits(postings: TextPostings, operand: Operand, bits: Int32Array) {
  const [from, to] = lexemeRange(postings, operand);
  const { start, slots } = postings;
  for (let k = start[from]!; k < start[to]!; k++) {
    const s = slots[k]!;
    bits[s >>> 5]! |= 1 << (s & 31);
  }
}

// ---- ranking (ts_rank) -----------------------------------------------------------------------

const f = Math.fround;
// tsrank.c's default weights for D, C, B, A.
const WEIGHTS = [f(0.1), f(0.2), f(0.4), f(1.0)];
const MAXENTRYPOS = 1 << 14;

const distanceWeights = Array.from({ length: 101 }, (_, w) =>
  f(1.0 / (1.005 + 0.05 * Math.exp(f(w) / 1.5 - 2))),
);
const wordDistance = (w: number) => (w > 100 ? f(1e-30) : distanceWeights[w]!);

/** PostgreSQL's tsCompareString without prefix: bytes, then length. */
function compareOperands(a: Operand, b: Operand) {
  return Buffer.compare(Buffer.from(a.text), Buffer.from(b.text));
}

/**
 * PostgreSQL's qsort (src/include/lib/sort_template.h), ported as is: ts_rank keeps the first of
 * operands that compare equal ('pc54' and 'pc54':* do), and which is first depends on this sort.
 */
function pgQsort<T>(items: T[], compare: (a: T, b: T) => number) {
  const swap = (i: number, j: number) => {
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  };
  const swapN = (i: number, j: number, n: number) => {
    for (let k = 0; k < n; k++) swap(i + k, j + k);
  };
  const cmp = (i: number, j: number) => compare(items[i]!, items[j]!);
  const med3 = (a: number, b: number, c: number) =>
    cmp(a, b) < 0
      ? cmp(b, c) < 0
        ? b
        : cmp(a, c) < 0
          ? c
          : a
      : cmp(b, c) > 0
        ? b
        : cmp(a, c) < 0
          ? a
          : c;
  const sort = (a: number, n: number) => {
    for (;;) {
      if (n < 7) {
        for (let pm = a + 1; pm < a + n; pm++)
          for (let pl = pm; pl > a && cmp(pl - 1, pl) > 0; pl--) swap(pl, pl - 1);
        return;
      }
      let presorted = true;
      for (let pm = a + 1; pm < a + n; pm++) {
        if (cmp(pm - 1, pm) > 0) {
          presorted = false;
          break;
        }
      }
      if (presorted) return;
      let pm = a + Math.floor(n / 2);
      if (n > 7) {
        let pl = a;
        let pn = a + n - 1;
        if (n > 40) {
          const d = Math.floor(n / 8);
          pl = med3(pl, pl + d, pl + 2 * d);
          pm = med3(pm - d, pm, pm + d);
          pn = med3(pn - 2 * d, pn - d, pn);
        }
        pm = med3(pl, pm, pn);
      }
      swap(a, pm);
      let pa = a + 1;
      let pb = pa;
      let pc = a + n - 1;
      let pd = pc;
      for (;;) {
        let r: number;
        while (pb <= pc && (r = cmp(pb, a)) <= 0) {
          if (r === 0) swap(pa++, pb);
          pb++;
        }
        while (pb <= pc && (r = cmp(pc, a)) >= 0) {
          if (r === 0) swap(pc, pd--);
          pc--;
        }
        if (pb > pc) break;
        swap(pb++, pc--);
      }
      const pn = a + n;
      let d1 = Math.min(pa - a, pb - pa);
      swapN(a, pb - d1, d1);
      d1 = Math.min(pd - pc, pn - pd - 1);
      swapN(pb, pn - d1, d1);
      d1 = pb - pa;
      const d2 = pd - pc;
      if (d1 <= d2) {
        if (d1 > 1) sort(a, d1);
        if (d2 > 1) {
          a = pn - d2;
          n = d2;
          continue;
        }
      } else {
        if (d2 > 1) sort(pn - d2, d2);
        if (d1 > 1) {
          n = d1;
          continue;
        }
      }
      return;
    }
  };
  sort(0, items.length);
  return items;
}

/** A query ready to rank: its distinct operands in ts_rank's order, and how it combines them. */
export interface RankQuery {
  operands: Operand[];
  and: boolean;
}

export function rankQuery(parsed: ParsedQuery): RankQuery {
  const sorted = pgQsort([...parsed.operands], compareOperands);
  const unique: Operand[] = [];
  for (const o of sorted)
    if (!unique.length || compareOperands(o, unique[unique.length - 1]!) !== 0) unique.push(o);
  return { operands: unique, and: parsed.root?.kind === "and" };
}

/**
 * One product's entries for a query: the lexemes its operands found, in operand then lexeme order
 * (entry e: operand[e], its occurrences positions[from[e] .. from[e] + count[e])).
 */
interface Found {
  length: number;
  operand: Int32Array;
  from: Float64Array;
  count: Int32Array;
}

/** calc_rank_or: each entry's weights, the heaviest in full, the rest by 1/i², over the operands. */
function rankOr(positions: Uint16Array, found: Found, size: number) {
  let res = 0;
  for (let e = 0; e < found.length; e++) {
    const from = found.from[e]!;
    const count = found.count[e]!;
    let resj = 0;
    let wjm = -1;
    let jm = 0;
    for (let j = 0; j < count; j++) {
      const w = WEIGHTS[positions[from + j]! >> 14]!;
      resj = f(resj + f(w / ((j + 1) * (j + 1))));
      if (w > wjm) {
        wjm = w;
        jm = j;
      }
    }
    res = f(res + f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685);
  }
  return size > 0 ? f(res / size) : res;
}

/** calc_rank_and: every pair of occurrences of two operands, weighted by their distance. */
function rankAnd(positions: Uint16Array, found: Found, last: Int32Array) {
  let res = -1;
  // last[i]: the last entry operand i found (as tsrank.c keeps it), -1 for none.
  last.fill(-1);
  for (let e = 0; e < found.length; e++) {
    const i = found.operand[e]!;
    last[i] = e;
    const from = found.from[e]!;
    const count = found.count[e]!;
    for (let k = 0; k < i; k++) {
      const other = last[k]!;
      if (other < 0) continue;
      const otherFrom = found.from[other]!;
      const otherCount = found.count[other]!;
      for (let l = 0; l < count; l++) {
        const a = positions[from + l]!;
        for (let p = 0; p < otherCount; p++) {
          const b = positions[otherFrom + p]!;
          const dist = Math.abs((a & (MAXENTRYPOS - 1)) - (b & (MAXENTRYPOS - 1)));
          if (dist === 0) continue;
          const curw = f(
            Math.sqrt(f(f(WEIGHTS[a >> 14]! * WEIGHTS[b >> 14]!) * wordDistance(dist))),
          );
          res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
        }
      }
    }
  }
  return res;
}

/** ts_rank(vector, query), `found` holding the product's entries for query.operands. */
function tsRank(positions: Uint16Array, query: RankQuery, found: Found, last: Int32Array) {
  const size = query.operands.length;
  if (!size) return 0;
  let res =
    query.and && size >= 2 ? rankAnd(positions, found, last) : rankOr(positions, found, size);
  if (res < 0) res = f(1e-20);
  return res;
}

/**
 * Relevance of each candidate (slots ascending), as the database's order had it:
 * ts_rank(vector, exact) * 4 + ts_rank(vector, query) + 10 for the style number typed exactly.
 */
export function rankCandidates(
  postings: TextPostings,
  candidates: Int32Array,
  exact: RankQuery,
  query: RankQuery,
  typed: string,
): Float64Array {
  const ranks = new Float64Array(candidates.length);
  if (!candidates.length) return ranks;
  // The distinct operands of both queries, in ts_rank's operand order (both queries' operands are
  // sorted so): each key's lexemes are read once, and a product's hits come in operand order.
  const keys = [...exact.operands, ...query.operands]
    .filter((o, i, all) => all.findIndex((x) => x.text === o.text && x.prefix === o.prefix) === i)
    .sort(compareOperands);
  const keyOf = (o: Operand) => keys.findIndex((x) => x.text === o.text && x.prefix === o.prefix);
  // For each key, the operand it is in each query (-1: not in it).
  const operandIn = (q: RankQuery) => {
    const map = new Int32Array(keys.length).fill(-1);
    q.operands.forEach((o, i) => (map[keyOf(o)] = i));
    return map;
  };
  const exactOperand = operandIn(exact);
  const queryOperand = operandIn(query);

  // Every (key, lexeme, candidate) the postings hold. Both lists are ascending: the postings are
  // read in full, or searched forward from the last one found (galloping) for few candidates.
  const hitCandidate = new Growable(new Int32Array(1024));
  const hitKey = new Growable(new Int32Array(1024));
  const hitFrom = new Growable(new Int32Array(1024));
  const hitCount = new Growable(new Int32Array(1024));
  const { start, slots, counts } = postings;
  const hit = (c: number, k: number, from: number, count: number) => {
    hitCandidate.push(c);
    hitKey.push(k);
    hitFrom.push(from);
    hitCount.push(count);
  };
  keys.forEach((key, k) => {
    const [from, to] = lexemeRange(postings, key);
    for (let l = from; l < to; l++) {
      const first = start[l]!;
      const end = start[l + 1]!;
      // Reading a posting's occurrences from a checkpoint costs up to 63 additions: galloping
      // pays only when the candidates are far fewer than the postings.
      if (end - first < candidates.length * 32) {
        let at = positionOf(postings, first);
        let c = 0;
        for (let p = first; p < end && c < candidates.length; p++) {
          const s = slots[p]!;
          const count = counts[p]! + 1;
          c = seek(candidates, c, candidates.length, s);
          if (c < candidates.length && candidates[c] === s) hit(c, k, at, count);
          at += count;
        }
      } else {
        let p = first;
        for (let c = 0; c < candidates.length && p < end; c++) {
          const s = candidates[c]!;
          p = seek(slots, p, end, s);
          if (p < end && slots[p] === s) hit(c, k, positionOf(postings, p), counts[p]! + 1);
        }
      }
    }
  });
  // Grouped by candidate (a counting sort keeps key and lexeme order within each).
  const hits = hitKey.length;
  const bucket = new Int32Array(candidates.length + 1);
  for (let h = 0; h < hits; h++) bucket[hitCandidate.array[h]! + 1]! += 1;
  for (let c = 0; c < candidates.length; c++) bucket[c + 1]! += bucket[c]!;
  const next = bucket.slice(0, candidates.length);
  const order = new Int32Array(hits);
  for (let h = 0; h < hits; h++) order[next[hitCandidate.array[h]!]!++] = h;

  let widest = 0;
  for (let c = 0; c < candidates.length; c++)
    widest = Math.max(widest, bucket[c + 1]! - bucket[c]!);
  const found: Found = {
    length: 0,
    operand: new Int32Array(widest),
    from: new Float64Array(widest),
    count: new Int32Array(widest),
  };
  const last = new Int32Array(keys.length);
  const gather = (operandOf: Int32Array, c: number) => {
    found.length = 0;
    for (let o = bucket[c]!; o < bucket[c + 1]!; o++) {
      const h = order[o]!;
      const i = operandOf[hitKey.array[h]!]!;
      if (i < 0) continue;
      found.operand[found.length] = i;
      found.from[found.length] = hitFrom.array[h]!;
      found.count[found.length++] = hitCount.array[h]!;
    }
    return found;
  };
  const { positions, styles, styleStart } = postings;
  for (let c = 0; c < candidates.length; c++) {
    const s = candidates[c]!;
    const exactRank = tsRank(positions, exact, gather(exactOperand, c), last);
    const queryRank = tsRank(positions, query, gather(queryOperand, c), last);
    const styleFrom = styleStart[s]!;
    const bonus =
      styleStart[s + 1]! - styleFrom === typed.length && styles.startsWith(typed, styleFrom)
        ? 10
        : 0;
    // real * 4 + real + integer: double precision in PostgreSQL.
    ranks[c] = exactRank * 4 + queryRank + bonus;
  }
  return ranks;
}

/**
 * Positions of the page: candidates by rank (highest first), ties in slot (name) order, from
 * `offset`, at most `limit`.
 */
export function topByRank(
  candidates: Int32Array,
  ranks: Float64Array,
  offset: number,
  limit: number,
) {
  const wanted = Math.min(candidates.length, offset + limit);
  if (wanted <= offset) return new Int32Array(0);
  // The best `wanted` in a heap whose top is the worst of them (lower rank, or a later slot).
  const heap = new Int32Array(wanted);
  let size = 0;
  const worse = (a: number, b: number) => ranks[a]! < ranks[b]! || (ranks[a] === ranks[b] && a > b);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && worse(heap[l]!, heap[m]!)) m = l;
      if (r < size && worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      const t = heap[i]!;
      heap[i] = heap[m]!;
      heap[m] = t;
      i = m;
    }
  };
  for (let c = 0; c < candidates.length; c++) {
    if (size < wanted) {
      let i = size++;
      heap[i] = c;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[parent]!)) break;
        const t = heap[i]!;
        heap[i] = heap[parent]!;
        heap[parent] = t;
        i = parent;
      }
    } else if (worse(heap[0]!, c)) {
      heap[0] = c;
      down(0);
    }
  }
  const best = Array.from(heap).sort((a, b) => ranks[b]! - ranks[a]! || a - b);
  return Int32Array.from(best.slice(offset, wanted), (c) => candidates[c]!);
}
