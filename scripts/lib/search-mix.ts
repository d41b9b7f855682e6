/** The soak's 96 catalogue searches (text, category, brand, colour, price, sort, page). */
export function searchMix() {
  const words = ["tee", "hoodie", "polo", "cap", "jacket", "fleece", "tote", "jogger"];
  const filters = [
    "",
    "&category=T-Shirts",
    "&brand=Gildan",
    "&color=Black",
    "&maxPrice=30",
    "&category=Sweatshirts&maxPrice=25",
    "&brand=Port+Authority&color=Navy",
    "&sort=price-asc",
    "&page=2",
    "&category=Outerwear&brand=Columbia",
    "&color=Red&sort=name",
    "&minPrice=10&maxPrice=40",
  ];
  return words.flatMap((word) => filters.map((filter) => `/product-search?q=${word}${filter}`));
}
