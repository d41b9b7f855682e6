/**
 * Sample-catalogue pictures drawn here: a flat garment silhouette of the product's kind in its
 * first colour, as SVG (rendered to WebP by the catalogue-images job). Nothing is downloaded.
 */

type Shape =
  | "tee"
  | "longSleeve"
  | "tank"
  | "hoodie"
  | "jacket"
  | "vest"
  | "pants"
  | "shorts"
  | "cap"
  | "beanie"
  | "bag"
  | "flat";

const SHAPES: Record<Shape, string> = {
  tee: "M150 60 L250 60 Q260 85 290 90 L350 120 L325 185 L285 170 L285 345 L115 345 L115 170 L75 185 L50 120 L110 90 Q140 85 150 60 Z",
  longSleeve:
    "M150 60 L250 60 Q260 85 290 90 L330 110 L365 300 L325 310 L290 175 L285 345 L115 345 L110 175 L75 310 L35 300 L70 110 L110 90 Q140 85 150 60 Z",
  tank: "M140 50 L165 50 Q175 110 200 110 Q225 110 235 50 L260 50 Q262 120 290 160 L290 345 L110 345 L110 160 Q138 120 140 50 Z",
  hoodie:
    "M150 80 Q150 30 200 30 Q250 30 250 80 Q262 95 290 100 L330 120 L365 300 L325 310 L290 185 L285 345 L115 345 L110 185 L75 310 L35 300 L70 120 L110 100 Q138 95 150 80 Z M175 80 Q200 120 225 80 Q225 55 200 55 Q175 55 175 80 Z",
  jacket:
    "M155 55 L245 55 L260 75 Q275 88 295 95 L330 115 L365 305 L325 315 L290 180 L288 350 L112 350 L110 180 L75 315 L35 305 L70 115 L105 95 Q125 88 140 75 Z",
  vest: "M145 55 L175 55 Q185 100 200 120 Q215 100 225 55 L255 55 Q260 115 295 140 L295 350 L105 350 L105 140 Q140 115 145 55 Z",
  pants: "M125 50 L275 50 L295 355 L225 355 L200 150 L175 355 L105 355 Z",
  shorts: "M115 100 L285 100 L310 275 L220 285 L200 190 L180 285 L90 275 Z",
  cap: "M95 230 Q95 110 200 105 Q305 110 305 230 Z M290 230 L370 245 Q360 265 290 262 Z",
  beanie: "M110 280 Q105 120 200 115 Q295 120 290 280 Z M100 270 L300 270 L300 320 L100 320 Z",
  bag: "M100 150 L300 150 L315 350 L85 350 Z M150 150 Q150 70 200 70 Q250 70 250 150 L235 150 Q235 88 200 88 Q165 88 165 150 Z",
  flat: "M90 90 L310 90 L310 330 L90 330 Z",
};

/** Which silhouette a product's name and category call for. */
export function shapeFor(name: string, category: string): Shape {
  const text = `${name} ${category}`.toLowerCase();
  const rules: Array<[RegExp, Shape]> = [
    [/hood/, "hoodie"],
    [/vest/, "vest"],
    [/jacket|windbreaker|outerwear|zip|fleece/, "jacket"],
    [/tank/, "tank"],
    [/long sleeve|crewneck|sweatshirt/, "longSleeve"],
    [/cap|hat|visor/, "cap"],
    [/beanie/, "beanie"],
    [/short/, "shorts"],
    [/pant|jogger|legging|bottom/, "pants"],
    [/bag|tote|backpack/, "bag"],
    [/towel|blanket|apron/, "flat"],
  ];
  return rules.find(([pattern]) => pattern.test(text))?.[1] ?? "tee";
}

/** A hex colour as #rrggbb, or a neutral grey when the feed gives none. */
function colour(hex: string | null | undefined) {
  const value = (hex ?? "").trim().replace(/^#?/, "#");
  return /^#[0-9a-f]{6}$/i.test(value) ? value : "#8a8f98";
}

/** An 800×800 SVG of the garment on a light ground, with an outline that shows on white. */
export function silhouetteSvg(shape: Shape, hex: string | null | undefined) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="#f3f4f6"/>
  <ellipse cx="200" cy="372" rx="120" ry="10" fill="#000" opacity="0.08"/>
  <path d="${SHAPES[shape]}" fill="${colour(hex)}" fill-rule="evenodd" stroke="#1f2937" stroke-opacity="0.35" stroke-width="3" stroke-linejoin="round"/>
</svg>`;
}
