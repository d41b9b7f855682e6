/** Spec §3: three static five-star reviews; the relative date is computed from `date`. */
export interface Testimonial {
  id: string;
  author: string;
  company: string;
  rating: 5;
  text: string;
  /** ISO date of the review. */
  date: string;
}

export const testimonials: Testimonial[] = [
  {
    id: "hr-director",
    author: "Dana Whitfield",
    company: "Ridgeline Health Partners",
    rating: 5,
    text: "Our appreciation week used to mean weeks of spreadsheets and a storage room full of leftover sizes. The webstore took all of that away, and our staff loved picking their own gifts.",
    date: "2026-09-18",
  },
  {
    id: "operations-manager",
    author: "Marcus Bell",
    company: "Brightwater Precision Components",
    rating: 5,
    text: "They helped us choose jackets that hold up on the shop floor and delivered 400 of them, embroidered and inspected, a week ahead of our safety celebration.",
    date: "2026-08-02",
  },
  {
    id: "pto-president",
    author: "Kelly Ortega",
    company: "Maple Creek Local Schools",
    rating: 5,
    text: "Nine schools, one store, and no more cash envelopes. Families order whenever they want and the quality is better than anything we sold before.",
    date: "2026-06-24",
  },
];
