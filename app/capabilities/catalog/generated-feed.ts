import type { CatalogFeed, SsProduct, SsStyle } from "./ss-records";

/**
 * A deterministic, realistic S&S-shaped catalogue: the shipped sample catalogue, the benchmark's
 * 100,000 products and the in-process feed of the sync tests all come from here. Style n is always
 * the same record, so nothing large is ever held in memory.
 */

// Well-known blanks first, so searches such as "PC54" or "Gildan hoodie" find what people expect.
const ANCHORS: [brand: string, style: string, title: string, category: string, price: number][] = [
  ["Port & Company", "PC54", "Core Cotton Tee", "T-Shirts", 3.48],
  ["Port & Company", "PC61", "Essential Tee", "T-Shirts", 4.18],
  ["Port & Company", "PC78H", "Core Fleece Pullover Hooded Sweatshirt", "Sweatshirts", 13.98],
  ["Gildan", "5000", "Heavy Cotton T-Shirt", "T-Shirts", 2.86],
  ["Gildan", "64000", "Softstyle T-Shirt", "T-Shirts", 2.99],
  ["Gildan", "18500", "Heavy Blend Hooded Sweatshirt", "Sweatshirts", 11.64],
  ["Gildan", "18000", "Heavy Blend Crewneck Sweatshirt", "Sweatshirts", 8.46],
  ["Gildan", "2400", "Ultra Cotton Long Sleeve T-Shirt", "Long Sleeve", 6.12],
  ["BELLA + CANVAS", "3001", "Unisex Jersey Tee", "T-Shirts", 4.29],
  ["BELLA + CANVAS", "3719", "Unisex Sponge Fleece Pullover Hoodie", "Sweatshirts", 19.5],
  ["BELLA + CANVAS", "6004", "Women's Slim Fit Tee", "Women's T-Shirts", 4.79],
  ["Next Level", "6210", "Unisex CVC Tee", "T-Shirts", 4.36],
  ["Next Level", "3600", "Cotton Tee", "T-Shirts", 3.99],
  ["Comfort Colors", "1717", "Garment-Dyed Heavyweight T-Shirt", "T-Shirts", 6.98],
  ["Comfort Colors", "1566", "Garment-Dyed Crewneck Sweatshirt", "Sweatshirts", 18.42],
  ["Sport-Tek", "ST350", "PosiCharge Competitor Tee", "Performance", 6.98],
  ["Sport-Tek", "ST650", "Micropique Sport-Wick Polo", "Polos", 14.98],
  ["Sport-Tek", "JST70", "Shield Ivy Colorblock Jacket", "Outerwear", 36.98],
  ["Port Authority", "K500", "Silk Touch Polo", "Polos", 12.98],
  ["Port Authority", "J317", "Core Soft Shell Jacket", "Outerwear", 31.98],
  ["Port Authority", "L500", "Ladies Silk Touch Polo", "Women's Polos", 12.98],
  ["Independent Trading Co.", "SS4500", "Midweight Hooded Sweatshirt", "Sweatshirts", 17.2],
  ["Independent Trading Co.", "IND4000", "Heavyweight Hooded Sweatshirt", "Sweatshirts", 26.4],
  ["Champion", "S700", "Powerblend Hooded Sweatshirt", "Sweatshirts", 21.5],
  ["Champion", "RW10", "Reverse Weave Jogger", "Pants", 34.0],
  ["Hanes", "5250", "Authentic Tagless T-Shirt", "T-Shirts", 3.26],
  ["Jerzees", "996MR", "NuBlend Hooded Sweatshirt", "Sweatshirts", 10.72],
  ["Jerzees", "973MR", "NuBlend Open Bottom Sweatpants", "Pants", 11.28],
  ["Richardson", "112", "Trucker Cap", "Headwear", 6.48],
  ["Yupoong", "6089M", "Classic Snapback Cap", "Headwear", 6.95],
  ["Sportsman", "SP12", "Solid Knit Beanie", "Headwear", 3.74],
  ["Carhartt", "CT104670", "Rain Defender Paxton Hooded Sweatshirt", "Workwear", 54.99],
  ["Carhartt", "CTK87", "Workwear Pocket T-Shirt", "Workwear", 17.99],
  ["CornerStone", "CS401", "Enhanced Visibility Safety Tee", "Workwear", 9.98],
  ["Columbia", "155653", "Ascender Softshell Jacket", "Outerwear", 69.99],
  ["Adidas", "A230", "Performance Sport Shirt", "Polos", 29.99],
  ["Under Armour", "1370399", "Team Tech Tee", "Performance", 17.99],
  ["Augusta Sportswear", "1420", "Octane Shorts", "Shorts", 8.32],
  ["Badger", "4120", "B-Core Performance Tank", "Performance", 5.66],
  ["Liberty Bags", "8502", "Cotton Canvas Tote", "Bags", 4.2],
  ["Q-Tees", "Q800", "Canvas Tote", "Bags", 2.18],
  ["Carmel Towel Company", "C1518", "Golf Towel", "Accessories", 3.45],
  ["Alternative", "AA9595", "Eco-Cozy Fleece Zip Hoodie", "Sweatshirts", 29.2],
  ["Rabbit Skins", "3321", "Toddler Fine Jersey Tee", "Youth", 4.12],
  ["Gildan", "5000B", "Youth Heavy Cotton T-Shirt", "Youth", 2.74],
  ["Dickies", "874", "Original Work Pant", "Workwear", 27.99],
  ["Red Kap", "SP24", "Industrial Work Shirt", "Workwear", 19.49],
  ["Threadfast Apparel", "382R", "Women's Racerback Tank", "Women's Tank Tops", 5.15],
  ["Boxercraft", "BW5301", "Women's Cotton Leggings", "Women's Bottoms", 13.96],
  ["District", "DT6000", "Very Important Tee", "T-Shirts", 4.48],
];

const BRANDS = [
  "Gildan",
  "BELLA + CANVAS",
  "Next Level",
  "Port & Company",
  "Port Authority",
  "Sport-Tek",
  "Comfort Colors",
  "Hanes",
  "Jerzees",
  "Champion",
  "Independent Trading Co.",
  "District",
  "Alternative",
  "Augusta Sportswear",
  "Badger",
  "Holloway",
  "Russell Athletic",
  "LAT",
  "Richardson",
  "Carhartt",
  "Columbia",
  "Adidas",
  "Under Armour",
  "CornerStone",
  "Liberty Bags",
];

const GARMENTS: [noun: string, category: string, basePrice: number][] = [
  ["T-Shirt", "T-Shirts", 3.5],
  ["Tee", "T-Shirts", 4],
  ["Long Sleeve T-Shirt", "Long Sleeve", 6.5],
  ["Tank Top", "Tank Tops", 4.5],
  ["Polo", "Polos", 13],
  ["Hooded Sweatshirt", "Sweatshirts", 14],
  ["Crewneck Sweatshirt", "Sweatshirts", 11],
  ["Quarter-Zip Pullover", "Fleece", 19],
  ["Full-Zip Jacket", "Outerwear", 28],
  ["Soft Shell Jacket", "Outerwear", 34],
  ["Puffer Vest", "Outerwear", 38],
  ["Windbreaker", "Outerwear", 24],
  ["Jogger", "Pants", 18],
  ["Sweatpants", "Pants", 13],
  ["Shorts", "Shorts", 10],
  ["Leggings", "Women's Bottoms", 14],
  ["Dad Cap", "Headwear", 6],
  ["Trucker Cap", "Headwear", 6.5],
  ["Beanie", "Headwear", 4],
  ["Bucket Hat", "Headwear", 8],
  ["Performance Tee", "Performance", 7],
  ["Training Shirt", "Athletics", 9],
  ["Work Shirt", "Workwear", 20],
  ["Safety Vest", "Workwear", 9],
  ["Bib Apron", "Workwear", 7],
  ["Tote Bag", "Bags", 3.5],
  ["Drawstring Backpack", "Bags", 3],
  ["Golf Towel", "Accessories", 4],
  ["Fleece Blanket", "Accessories", 12],
  ["Youth T-Shirt", "Youth", 3.2],
  ["Women's V-Neck Tee", "Women's T-Shirts", 5],
  ["Women's Polo", "Women's Polos", 13],
];

const ADJECTIVES = [
  "Heavyweight",
  "Midweight",
  "Lightweight",
  "Softstyle",
  "Premium",
  "Essential",
  "Core",
  "Classic",
  "Vintage",
  "Garment-Dyed",
  "Eco",
  "Tri-Blend",
  "Performance",
  "Sport",
  "Heritage",
  "Everyday",
  "Ultra Soft",
  "Relaxed",
  "Slim Fit",
  "Recycled",
];

const FABRICS = [
  "100% cotton",
  "100% ring-spun cotton",
  "50/50 cotton/polyester",
  "60/40 cotton/polyester",
  "100% polyester",
  "52/48 cotton/polyester",
  "65/35 polyester/cotton",
  "80/20 cotton/polyester",
];

const COLORS: [name: string, family: string, hex: string][] = [
  ["Black", "Neutrals", "#111111"],
  ["White", "Neutrals", "#FFFFFF"],
  ["Navy", "Blues", "#1F2A44"],
  ["Royal", "Blues", "#2B4DAF"],
  ["Red", "Reds", "#C8102E"],
  ["Sport Grey", "Neutrals", "#9B9B9B"],
  ["Dark Heather", "Neutrals", "#4A4A4A"],
  ["Forest Green", "Greens", "#254B33"],
  ["Kelly Green", "Greens", "#2E8B57"],
  ["Maroon", "Reds", "#6D1A36"],
  ["Purple", "Purples", "#5B2C83"],
  ["Orange", "Oranges", "#F26B21"],
  ["Gold", "Yellows", "#F2B33D"],
  ["Light Blue", "Blues", "#A4C8E1"],
  ["Pink", "Pinks", "#F4A6C0"],
  ["Charcoal", "Neutrals", "#3C3C3C"],
  ["Sand", "Browns", "#D8C7A3"],
  ["Cardinal", "Reds", "#8A1538"],
  ["Military Green", "Greens", "#5B6236"],
  ["Heather Navy", "Blues", "#34405A"],
];

const SIZE_RUNS = [
  ["S", "M", "L", "XL", "2XL"],
  ["XS", "S", "M", "L", "XL", "2XL", "3XL"],
  ["S", "M", "L", "XL"],
  ["One Size"],
  ["S/M", "L/XL"],
  ["XS", "S", "M", "L", "XL"],
];

/** mulberry32: a tiny seeded generator, so style n is the same record on every run and machine. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]) => list[Math.floor(rand() * list.length)]!;

const FIRST_STYLE_ID = 10_001;

export function generatedStyle(index: number, seed = 1): SsStyle {
  const rand = seededRandom(seed * 1_000_003 + index);
  const anchor = index < ANCHORS.length ? ANCHORS[index] : undefined;
  const [noun, garmentCategory, basePrice] = pick(rand, GARMENTS);
  const adjective = pick(rand, ADJECTIVES);
  const fabric = pick(rand, FABRICS);
  const weight = (3.5 + Math.floor(rand() * 60) / 10).toFixed(1);
  const brand = anchor?.[0] ?? pick(rand, BRANDS);
  const styleName =
    anchor?.[1] ?? `${brand.replace(/[^A-Z]/g, "").slice(0, 2) || "S"}${1000 + index}`;
  const title = anchor?.[2] ?? `${adjective} ${noun}`;
  return {
    styleID: FIRST_STYLE_ID + index,
    partNumber: String(10_000 + index).padStart(5, "0"),
    brandName: brand,
    styleName,
    title,
    description: `<ul><li>${weight} oz., ${fabric}</li><li>${title} by ${brand}, ideal for screen printing and embroidery</li><li>Tear-away label</li></ul>`,
    baseCategory: anchor?.[3] ?? garmentCategory,
    categories: "21,71",
    newStyle: rand() < 0.1,
    styleImage: `Images/Style/${FIRST_STYLE_ID + index}_fl.jpg`,
    sustainableStyle: fabric.includes("Recycled") || rand() < 0.05,
    // Not an S&S field: lets the SKU generator reproduce prices without keeping state.
    _basePrice: anchor?.[4] ?? Math.round((basePrice + rand() * basePrice) * 100) / 100,
  };
}

export function generatedSkus(style: SsStyle, seed = 1): SsProduct[] {
  const rand = seededRandom(seed * 7_919 + style.styleID);
  const base = Number(style._basePrice ?? 5);
  const colorCount = 1 + Math.floor(rand() * 9);
  const start = Math.floor(rand() * COLORS.length);
  const colors = Array.from(
    { length: colorCount },
    (_, i) => COLORS[(start + i * 3) % COLORS.length]!,
  );
  const sizes =
    style.baseCategory === "Headwear" || style.baseCategory === "Bags"
      ? ["One Size"]
      : pick(rand, SIZE_RUNS);
  const skus: SsProduct[] = [];
  colors.forEach(([colorName, colorFamily, hex], c) => {
    sizes.forEach((sizeName, s) => {
      const upcharge = s >= 4 ? 2 : 0;
      skus.push({
        sku: `B${style.partNumber}${String(c).padStart(2, "0")}${s}`,
        skuID_Master: style.styleID * 1_000 + c * 10 + s,
        styleID: style.styleID,
        brandName: style.brandName,
        styleName: style.styleName,
        colorName,
        colorFamily,
        color1: hex,
        colorFrontImage: `Images/Color/${style.styleID}_${c}_f_fm.jpg`,
        sizeName,
        sizeOrder: `B${s}`,
        piecePrice: Math.round((base + upcharge) * 100) / 100,
        customerPrice: Math.round((base + upcharge) * 0.85 * 100) / 100,
        qty: Math.floor(rand() * 5_000),
      });
    });
  });
  return skus;
}

export const SAMPLE_CATALOGUE_SIZE = 300;

/** An in-process feed of `size` generated styles (tests, benchmarks, the sample catalogue). */
export function generatedFeed(size: number, seed = 1): CatalogFeed {
  /** The indexes of the feed's styles among these ids. */
  const carried = (ids: number[]) =>
    ids.map((id) => id - FIRST_STYLE_ID).filter((i) => i >= 0 && i < size);
  return {
    async getStyleIds() {
      return Array.from({ length: size }, (_, i) => FIRST_STYLE_ID + i);
    },
    async getStyles(ids) {
      const indexes = ids ? carried(ids) : Array.from({ length: size }, (_, i) => i);
      return indexes.map((i) => generatedStyle(i, seed));
    },
    async getProductsByStyleIds(ids) {
      return carried(ids).flatMap((i) => generatedSkus(generatedStyle(i, seed), seed));
    },
  };
}
