import { describe, expect, it } from "vitest";
import { generatedFeed } from "~/capabilities/catalog/generated-feed";
import { materialFrom, normalizeProduct, normalizeSsStyle } from "~/capabilities/catalog/normalize";

describe("product normalization (admin spec §3)", () => {
  it("fills every missing field with the spec's defaults", () => {
    expect(normalizeProduct({})).toEqual({
      id: "unknown",
      styleNumber: "unknown",
      name: "Unknown Product",
      description: "",
      brand: "Unknown Brand",
      category: "Apparel",
      price: 9.99,
      colors: [],
      sizes: [],
      imageUrl: null,
      material: "Cotton",
      tags: [],
      rating: 4.5,
      source: "SS Activewear",
    });
  });

  it("treats blanks, nulls and nonsense prices as missing", () => {
    const product = normalizeProduct({
      productId: "  ",
      productName: "",
      brandName: null,
      Price: { standardPrice: "abc" },
      rating: 9,
    });
    expect(product).toMatchObject({
      id: "unknown",
      name: "Unknown Product",
      brand: "Unknown Brand",
      price: 9.99,
      rating: 4.5,
    });
  });

  it("reads productId, productName, Color[].colorName, Size[].sizeName and Price.standardPrice", () => {
    const product = normalizeProduct({
      productId: 42,
      productName: "Core Cotton Tee",
      Color: [{ colorName: "Navy" }, { colorName: "Navy" }, { colorName: "Red" }],
      Size: [{ sizeName: "S" }, { sizeName: "M" }],
      Price: { standardPrice: "3.48" },
    });
    expect(product).toMatchObject({
      id: "42",
      name: "Core Cotton Tee",
      colors: ["Navy", "Red"],
      sizes: ["S", "M"],
      price: 3.48,
    });
  });

  it("maps an S&S style and its SKUs: lowest piece price, colours by appearance, sizes by size order", () => {
    const product = normalizeSsStyle(
      {
        styleID: 9001,
        brandName: "Acme",
        styleName: "T100",
        title: "Heavyweight Tee",
        description: "<ul><li>5.3 oz., 100% cotton</li></ul>",
        baseCategory: "T-Shirts",
        styleImage: "Images/Style/9001_fm.jpg",
      },
      [
        { styleID: 9001, colorName: "Navy", sizeName: "L", sizeOrder: "B3", piecePrice: 3.5 },
        { styleID: 9001, colorName: "Navy", sizeName: "M", sizeOrder: "B2", piecePrice: 3.5 },
        { styleID: 9001, colorName: "Black", sizeName: "2XL", sizeOrder: "B5", piecePrice: 5.5 },
      ],
    );
    expect(product).toMatchObject({
      id: "ss:9001",
      styleNumber: "T100",
      name: "Heavyweight Tee",
      description: "5.3 oz., 100% cotton",
      brand: "Acme",
      category: "T-Shirts",
      price: 3.5,
      colors: ["Navy", "Black"],
      sizes: ["M", "L", "2XL"],
      imageUrl: "https://www.ssactivewear.com/Images/Style/9001_fm.jpg",
      material: "100% cotton",
      rating: 4.5,
      source: "SS Activewear",
    });
  });

  it("names a style without a title by brand and style number and keeps the defaults for the rest", () => {
    const product = normalizeSsStyle({ styleID: 7, brandName: "Acme", styleName: "Z9" }, []);
    expect(product).toMatchObject({
      name: "Acme Z9",
      category: "Apparel",
      price: 9.99,
      material: "Cotton",
    });
  });

  it("finds blends in descriptions", () => {
    expect(materialFrom("8 oz., 50/50 cotton/polyester fleece")).toBe("50/50 cotton/polyester");
    expect(materialFrom("Tear-away label")).toBeUndefined();
  });

  it("generates the same realistic catalogue every time", async () => {
    const a = await generatedFeed(300).getStyles();
    const b = await generatedFeed(300).getStyles();
    expect(a).toEqual(b);
    expect(a[0]).toMatchObject({ brandName: "Port & Company", styleName: "PC54" });
    expect(new Set(a.map((s) => s.styleName)).size).toBe(300);
  });
});
