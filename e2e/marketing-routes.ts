/** Every public page (SPEC §2: the marketing routes, and /login, static since issue 40) with its heading in each language. */
export const PUBLIC_PAGES = [
  { path: "/", name: "home", en: "Your fleet's forms, reports and data in one place", es: "Los formularios, informes y datos de su flota en un solo lugar" },
  { path: "/index", name: "index", en: "Your fleet's forms, reports and data in one place", es: "Los formularios, informes y datos de su flota en un solo lugar" },
  { path: "/services", name: "services", en: "Services", es: "Servicios" },
  { path: "/benefits", name: "benefits", en: "Benefits", es: "Beneficios" },
  { path: "/pricing", name: "pricing", en: "Pricing", es: "Precios" },
  { path: "/testimonials", name: "testimonials", en: "Testimonials", es: "Testimonios" },
  { path: "/underConstruction", name: "under-construction", en: "This page is under construction", es: "Esta página está en construcción" },
  { path: "/docs/contact", name: "contact", en: "Contact us", es: "Contáctenos" },
  { path: "/test-form", name: "test-form", en: "Test form", es: "Formulario de prueba" },
  { path: "/privacy", name: "privacy", en: "Privacy policy", es: "Política de privacidad" },
  { path: "/terms", name: "terms", en: "Terms of service", es: "Términos del servicio" },
  { path: "/cookies", name: "cookies", en: "Cookies and local storage", es: "Cookies y almacenamiento local" },
  { path: "/login", name: "login", en: "Sign in", es: "Iniciar sesión" },
] as const;

export const withLanguage = (path: string, lng: "en" | "es") => `${path}${path.includes("?") ? "&" : "?"}lng=${lng}`;

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
