import { describe, expect, it } from "vitest";
import type { SearchColumns } from "~/capabilities/catalog/search-columns.server";
import { filterProducts } from "~/capabilities/catalog/search-columns.server";
import { parseSearchParams } from "~/capabilities/catalog/search";
import {
  lexemeRange,
  matchQuery,
  parseTsquery,
  positionOf,
  postingsBuilder,
  rankCandidates,
  rankQuery,
  topByRank,
} from "~/capabilities/catalog/search-postings";

// Search vectors as PostgreSQL 15 prints them (the migrations' weights: name and style + brand A,
// category B, description D), for "Heavy Cotton T-Shirt" (Gildan 5000) and "Core Cotton Tee"
// (Port & Company PC54), and a third product for prefixes.
const VECTORS: [style: string, vector: string][] = [
  [
    "5000",
    "'100':13 '5.3':11 '5000':6A 'cotton':2A,14,16 'gildan':7A,21 'heavi':1A,15 'oz':12 'shirt':5A,10B,19 't-shirt':3A,8B,17",
  ],
  [
    "pc54",
    "'compani':15 'company':6A 'core':1A,10 'cotton':2A,11 'heavi':16 'pc54':4A 'port':5A,14 'shirt':9B 't-shirt':7B 'tee':3A,12",
  ],
  ["pc54ls", "'long':2A 'pc54ls':4A 'o''neil':5 'sleev':3A 'tee':1A"],
];

function build() {
  const builder = postingsBuilder(VECTORS.length);
  for (const [style, vector] of VECTORS) builder.add(style, vector);
  return builder.finish();
}

const query = (text: string) => parseTsquery(text)!;
const matches = (text: string) => [...matchQuery(build(), VECTORS.length, query(text).root)];

describe("search postings", () => {
  it("inverts search vectors into sorted lexemes, each with its products in slot order", () => {
    const postings = build();
    expect(postings.lexemes).toEqual([...postings.lexemes].sort());
    const cotton = postings.lexemes.indexOf("cotton");
    expect([
      ...postings.slots.subarray(postings.start[cotton], postings.start[cotton + 1]),
    ]).toEqual([0, 1]);
    // 'cotton':2A,14,16 in the first product: three occurrences, the first of weight A.
    expect(postings.counts[postings.start[cotton]!]).toBe(2);
    const first = postings.positions[positionOf(postings, postings.start[cotton]!)]!;
    expect([first >> 14, first & 0x3fff]).toEqual([3, 2]);
    expect(postings.lexemes).toContain("o'neil");
    expect(lexemeRange(postings, { kind: "operand", text: "pc54", prefix: true })).toEqual([
      postings.lexemes.indexOf("pc54"),
      postings.lexemes.indexOf("pc54ls") + 1,
    ]);
  });

  it("matches the union of a word's alternatives and the intersection across words", () => {
    expect(matches("( 'tee' | 'heavi' )")).toEqual([0, 1, 2]);
    expect(matches("( 'tee' ) & ( 'cotton' )")).toEqual([1]);
    expect(matches("( 'heavi' | 'hood' ) & ( 'cotton' ) & ( 'gildan' )")).toEqual([0]);
    expect(matches("( 'pc54' | 'pc54':* )")).toEqual([1, 2]);
    expect(matches("( 't-shirt' & 'shirt' | 'tee' ) & ( 'long' )")).toEqual([2]);
    expect(matches("( 'nothing' )")).toEqual([]);
    expect(matchQuery(build(), VECTORS.length, query("").root)).toHaveLength(0);
  });

  it("refuses negation, phrases and weights, which the search never writes", () => {
    expect(parseTsquery("!'tee'")).toBeNull();
    expect(parseTsquery("'t-shirt' <-> 'shirt'")).toBeNull();
    expect(parseTsquery("'tee':A")).toBeNull();
    expect(parseTsquery("'tee' & (")).toBeNull();
    // Operands in PostgreSQL's stored order: operator, right, left.
    expect(query("'a' | 'b' & 'c'").operands.map((o) => o.text)).toEqual(["c", "b", "a"]);
  });

  it("ranks as PostgreSQL's ts_rank does, to the last bit", () => {
    const postings = build();
    const rank = (text: string) => [
      ...rankCandidates(
        postings,
        Int32Array.of(0, 1),
        rankQuery(query("")),
        rankQuery(query(text)),
        "",
      ),
    ];
    // select ts_rank(v, q)::float8 on PostgreSQL 15 for the two vectors above.
    expect(rank("'heavi' & 'cotton'")).toEqual([0.9935983419418335, 0.12411858886480331]);
    expect(rank("( 'heavi' | 'heavy' ) & ( 'cotton' | 'cotton' )")).toEqual([
      0.9935983419418335, 0.12411858886480331,
    ]);
    expect(rank("'cotton'")).toEqual([0.6298800110816956, 0.6231253147125244]);
    expect(rank("'tee' | 'pc54':* | 'gildan'")).toEqual([0.2077084332704544, 0.4103507995605469]);
    expect(rank("'pc54' | 'pc54':*")).toEqual([0, 0.6079270839691162]);
    expect(rank("'nothing' & 'cotton'")).toEqual([9.999999682655225e-21, 9.999999682655225e-21]);
    // ts_rank(v, exact) * 4 + ts_rank(v, query), in double precision, plus 10 for the style typed.
    expect([
      ...rankCandidates(
        postings,
        Int32Array.of(0, 1),
        rankQuery(query("'heavi' & 'cotton'")),
        rankQuery(query("'cotton' | 'tee'")),
        "pc54",
      ),
    ]).toEqual([4.289333373308182, 1.1195996701717377 + 10]);
  });

  it("pages by rank, highest first, ties in slot (name) order", () => {
    const slots = Int32Array.of(3, 5, 8, 9, 12);
    const ranks = Float64Array.of(0.5, 0.9, 0.5, 0.1, 0.5);
    expect([...topByRank(slots, ranks, 0, 3)]).toEqual([5, 3, 8]);
    expect([...topByRank(slots, ranks, 2, 2)]).toEqual([8, 12]);
    expect([...topByRank(slots, ranks, 4, 50)]).toEqual([9]);
    expect([...topByRank(slots, ranks, 5, 50)]).toEqual([]);
  });

  it("counts both facets over the matches, each without its own filter", () => {
    // Four products: categories [Tees, Tees, Caps, Tees], brands [A, B, A, A], prices 5, 15, 5, 25.
    const columns = {
      version: "1",
      size: 4,
      productId: ["p1", "p2", "p3", "p4"],
      categories: ["Caps", "Tees"],
      brands: ["A", "B"],
      colors: [],
      sizes: [],
      sampleCount: 0,
      category: Uint16Array.of(1, 1, 0, 1),
      brand: Uint16Array.of(0, 1, 0, 0),
      priceCents: Int32Array.of(500, 1500, 500, 2500),
      rating: Float64Array.of(4.5, 4.5, 4.5, 4.5),
      colorStart: new Int32Array(5),
      colorIds: new Uint16Array(0),
      sizeStart: new Int32Array(5),
      sizeIds: new Uint16Array(0),
      colorBits: new Int32Array(4),
      sizeBits: new Int32Array(4),
      text: build(),
    } satisfies SearchColumns;
    const params = parseSearchParams(new URLSearchParams("category=Tees&maxPrice=20"));
    const result = filterProducts(columns, params, Int32Array.of(0, 1, 2, 3));
    expect([...result.slots]).toEqual([0, 1]);
    expect(result.categories).toEqual([
      { value: "Tees", count: 2 },
      { value: "Caps", count: 1 },
    ]);
    expect(result.brands).toEqual([
      { value: "A", count: 1 },
      { value: "B", count: 1 },
    ]);
    expect([...filterProducts(columns, params, Int32Array.of(1, 3)).slots]).toEqual([1]);
  });
});
