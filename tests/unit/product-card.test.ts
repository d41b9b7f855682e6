import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProductCard, cardProduct } from "~/capabilities/catalog/ProductCard";
import type { ProductCard as Product } from "~/capabilities/catalog/search.server";

const product: Product = {
  id: "7f1c1b0e-4a4e-4d55-9a52-3d3f1f7f0c11",
  styleNumber: "5000",
  name: "Heavy Cotton Tee",
  brand: "Gildan",
  category: "T-Shirts",
  price: 4.5,
  colors: ["Black", "Navy", "Red", "White", "Sand", "Royal", "Maroon", "Forest Green"],
  sizes: ["S", "M", "L", "XL"],
  imageUrl: "https://www.ssactivewear.com/Images/Style/39_fl.jpg",
  image: null,
  material: "100% cotton",
  rating: 4.5,
  sample: false,
};

describe("product card", () => {
  it("sends what the card shows: three colours and how many more, not sizes, material or the supplier's picture", () => {
    const card = cardProduct(product);
    expect(card).toEqual({
      id: product.id,
      styleNumber: "5000",
      name: "Heavy Cotton Tee",
      brand: "Gildan",
      category: "T-Shirts",
      price: 4.5,
      rating: 4.5,
      sample: false,
      image: null,
      colors: ["Black", "Navy", "Red"],
      moreColors: 5,
    });
    expect(JSON.stringify(card)).not.toContain("ssactivewear");
  });

  it("shows three colours, then '+N more', and no count when there are three or fewer", () => {
    const html = renderToStaticMarkup(
      createElement(ProductCard, { product: cardProduct(product) }),
    );
    expect(html).toContain(">Black<");
    expect(html).toContain(">Red<");
    expect(html).not.toContain(">White<");
    expect(html).toContain("+5 more");
    const few = cardProduct({ ...product, colors: ["Black", "Navy"] });
    expect(renderToStaticMarkup(createElement(ProductCard, { product: few }))).not.toContain(
      "more",
    );
  });
});
