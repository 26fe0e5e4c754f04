import { conditionsOf, type Condition, type Element, type ElementType, type FormDefinition, type LocalizedText, type Option, type Visibility } from "@fleetforms/core/form/definition";

/**
 * The visual editor's state: the definition being built and the element
 * picked in the outline. Pure, so every edit an office administrator makes is
 * a tested step. A path is the indexes from the body down (`[2, 0]` is the
 * first element inside the third).
 */
export type ElementPath = readonly number[];

export interface BuilderState {
  definition: FormDefinition;
  selected: ElementPath | null;
  /** names the editor made up from a label; they follow the English label until someone types a name */
  autoNames: readonly string[];
}

/** Default texts for new elements, in both languages (the component takes them from the translations). */
export interface NewElementTexts {
  labels: Record<ElementType, LocalizedText>;
  option: LocalizedText;
}

export type BuilderAction =
  | { type: "load"; definition: FormDefinition }
  | { type: "select"; path: ElementPath | null }
  | { type: "add"; elementType: ElementType; texts: NewElementTexts; parent?: ElementPath | null }
  | { type: "remove"; path: ElementPath }
  | { type: "move"; path: ElementPath; offset: -1 | 1 }
  | { type: "update"; path: ElementPath; patch: Record<string, unknown> }
  | { type: "rename"; path: ElementPath; name: string }
  | { type: "setLabel"; path: ElementPath; field: "label" | "help" | "itemLabel"; lang: "en" | "es"; text: string }
  | { type: "setTitle"; lang: "en" | "es"; text: string }
  | { type: "addOption"; path: ElementPath; texts: NewElementTexts }
  | { type: "updateOption"; path: ElementPath; index: number; value?: string; lang?: "en" | "es"; label?: string }
  | { type: "removeOption"; path: ElementPath; index: number }
  | { type: "moveOption"; path: ElementPath; index: number; offset: -1 | 1 }
  /** issue 42: an option's answer is a defect, or a defect that takes the vehicle out of service (`defectIf`, `outOfServiceIf`) */
  | { type: "setOptionFlag"; path: ElementPath; index: number; flag: "defect" | "outOfService"; on: boolean }
  | { type: "setVisibility"; path: ElementPath; visibleIf: Visibility | undefined };

export const CONTAINER_TYPES: readonly ElementType[] = ["section", "group"];
export const OPTION_TYPES: readonly ElementType[] = ["select", "radio", "checkbox"];

export const initialBuilderState = (definition: FormDefinition = { body: [] }): BuilderState => ({ definition, selected: null, autoNames: [] });

const isContainer = (element: Element | undefined): element is Extract<Element, { elements: Element[] }> =>
  !!element && (element.type === "section" || element.type === "group");

/** The element at a path, or undefined. */
export function elementAt(definition: FormDefinition, path: ElementPath): Element | undefined {
  let list: readonly Element[] = definition.body;
  let element: Element | undefined;
  for (const index of path) {
    element = list[index];
    if (!element) return undefined;
    list = isContainer(element) ? element.elements : [];
  }
  return element;
}

/** The list a path's element sits in, rewritten by `update`. */
function withList(definition: FormDefinition, parent: ElementPath, update: (list: Element[]) => Element[]): FormDefinition {
  const rewrite = (list: readonly Element[], rest: ElementPath): Element[] => {
    if (rest.length === 0) return update([...list]);
    const [index, ...deeper] = rest;
    return list.map((element, i) => (i === index && isContainer(element) ? ({ ...element, elements: rewrite(element.elements, deeper) } as Element) : element));
  };
  return { ...definition, body: rewrite(definition.body, parent) };
}

function withElement(definition: FormDefinition, path: ElementPath, update: (element: Element) => Element): FormDefinition {
  const index = path[path.length - 1]!;
  return withList(definition, path.slice(0, -1), (list) => list.map((element, i) => (i === index ? update(element) : element)));
}

/** Every name used in the definition, sections' included. */
export function namesIn(definition: FormDefinition): string[] {
  const names: string[] = [];
  const visit = (list: readonly Element[]) => {
    for (const element of list) {
      if ("name" in element && element.name) names.push(element.name);
      if (isContainer(element)) visit(element.elements);
    }
  };
  visit(definition.body);
  return names;
}

/** A name from a label: "Driver's name" → "driversName"; accents dropped; always starts with a letter. */
export function nameFromLabel(label: string, fallback: string): string {
  const words = label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const camel = words.map((word, i) => (i === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word.charAt(0).toUpperCase() + word.slice(1))).join("");
  const name = /^[A-Za-z]/.test(camel) ? camel : camel ? `${fallback}${camel.charAt(0).toUpperCase()}${camel.slice(1)}` : fallback;
  return name.slice(0, 56);
}

/** The name, or the name with the first free number after it. */
export function uniqueName(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}${n}`)) return `${base}${n}`;
}

const RESERVED = new Set(["constructor", "prototype", "toString", "valueOf", "hasOwnProperty"]);

function newElement(type: ElementType, texts: NewElementTexts, taken: string[]): { element: Element; names: string[] } {
  const label = { ...texts.labels[type] };
  const base = nameFromLabel(label.en, type);
  const name = uniqueName(RESERVED.has(base) ? `${base}Field` : base, taken);
  const option = (n: number): Option => ({ value: `option${n}`, label: { en: `${texts.option.en} ${n}`, ...(texts.option.es ? { es: `${texts.option.es} ${n}` } : {}) } });
  switch (type) {
    case "section":
      return { element: { type, label, elements: [] }, names: [] };
    case "group": {
      const child = newElement("text", texts, [...taken, name]);
      return { element: { type, name, label, elements: [child.element] }, names: [name, ...child.names] };
    }
    case "select":
    case "radio":
      return { element: { type, name, label, options: [option(1), option(2)] }, names: [name] };
    default:
      return { element: { type, name, label } as Element, names: [name] };
  }
}

/** Conditions that point at `from` point at `to`; with `to` undefined they are removed. */
function retarget(definition: FormDefinition, from: string, to: string | undefined): FormDefinition {
  const fix = (visibility: Visibility | undefined): Visibility | undefined => {
    if (!visibility) return visibility;
    const map = (conditions: Condition[]) =>
      conditions.flatMap((condition) => (condition.field !== from ? [condition] : to === undefined ? [] : [{ ...condition, field: to }]));
    if ("all" in visibility) {
      const all = map(visibility.all);
      return all.length ? { all } : undefined;
    }
    if ("any" in visibility) {
      const any = map(visibility.any);
      return any.length ? { any } : undefined;
    }
    return map([visibility])[0];
  };
  const visit = (list: readonly Element[]): Element[] =>
    list.map((element) => {
      const visibleIf = fix(element.visibleIf);
      const next = { ...element } as Element;
      if (visibleIf) next.visibleIf = visibleIf;
      else delete next.visibleIf;
      if (isContainer(next)) (next as { elements: Element[] }).elements = visit(next.elements);
      return next;
    });
  return { ...definition, body: visit(definition.body) };
}

/** The names of an element and everything inside it. */
function namesUnder(element: Element): string[] {
  return namesIn({ body: [element] });
}

const samePath = (a: ElementPath | null, b: ElementPath | null) => !!a && !!b && a.length === b.length && a.every((index, i) => index === b[i]);
const startsWith = (path: ElementPath, prefix: ElementPath) => prefix.length <= path.length && prefix.every((index, i) => path[i] === index);

function renameElement(state: BuilderState, path: ElementPath, name: string, auto: boolean): BuilderState {
  const element = elementAt(state.definition, path);
  if (!element || !("name" in element) || element.name === name) {
    return auto ? state : { ...state, autoNames: state.autoNames.filter((entry) => entry !== (element as { name?: string })?.name) };
  }
  const previous = element.name;
  let definition = withElement(state.definition, path, (current) => ({ ...current, name }) as Element);
  if (previous) definition = retarget(definition, previous, name);
  const autoNames = state.autoNames.filter((entry) => entry !== previous);
  return { ...state, definition, autoNames: auto ? [...autoNames, name] : autoNames };
}

function setText(target: Record<string, unknown>, field: string, lang: "en" | "es", text: string, required: boolean) {
  const current = { ...((target[field] as Record<string, string> | undefined) ?? {}) };
  if (text === "" && lang === "es") delete current.es;
  else if (text === "" && !required) delete current[lang];
  else current[lang] = text;
  if (Object.keys(current).length === 0 && !required) delete target[field];
  else target[field] = current;
}

type Flagged = Element & { options?: Option[]; defectIf?: string[]; outOfServiceIf?: string[] };

/**
 * The defect settings of a choice question after its option values change: `rename` gives each flagged value its
 * new value, or undefined when the option is gone; a list left empty goes (the definition refuses an empty one).
 */
function withFlags(state: BuilderState, path: ElementPath, rename: (value: string) => string | undefined): BuilderState {
  return {
    ...state,
    definition: withElement(state.definition, path, (element) => {
      const next = { ...element } as Flagged;
      for (const flag of ["defectIf", "outOfServiceIf"] as const) {
        if (!next[flag]) continue;
        const values = [...new Set(next[flag].map(rename).filter((value): value is string => !!value))];
        if (values.length) next[flag] = values;
        else delete next[flag];
      }
      return next as Element;
    }),
  };
}

function withOptions(state: BuilderState, path: ElementPath, update: (options: Option[]) => Option[]): BuilderState {
  return {
    ...state,
    definition: withElement(state.definition, path, (element) => ("options" in element || OPTION_TYPES.includes(element.type) ? ({ ...element, options: update([...((element as { options?: Option[] }).options ?? [])]) } as Element) : element)),
  };
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case "load":
      return initialBuilderState(action.definition);
    case "select":
      return { ...state, selected: action.path };
    case "add": {
      const parent = action.parent && isContainer(elementAt(state.definition, action.parent)) ? action.parent : [];
      const { element, names } = newElement(action.elementType, action.texts, namesIn(state.definition));
      let index = 0;
      const definition = withList(state.definition, parent, (list) => {
        index = list.length;
        return [...list, element];
      });
      return { definition, selected: [...parent, index], autoNames: [...state.autoNames, ...names] };
    }
    case "remove": {
      const element = elementAt(state.definition, action.path);
      if (!element) return state;
      const index = action.path[action.path.length - 1]!;
      let definition = withList(state.definition, action.path.slice(0, -1), (list) => list.filter((_, i) => i !== index));
      const gone = namesUnder(element);
      for (const name of gone) definition = retarget(definition, name, undefined);
      const selected = state.selected && startsWith(state.selected, action.path) ? null : state.selected;
      return { definition, selected, autoNames: state.autoNames.filter((name) => !gone.includes(name)) };
    }
    case "move": {
      const index = action.path[action.path.length - 1]!;
      const parent = action.path.slice(0, -1);
      const target = index + action.offset;
      let moved = false;
      const definition = withList(state.definition, parent, (list) => {
        if (target < 0 || target >= list.length) return list;
        [list[index], list[target]] = [list[target]!, list[index]!];
        moved = true;
        return list;
      });
      if (!moved) return state;
      const follow = (path: ElementPath | null): ElementPath | null => {
        if (!path || !startsWith(path, parent) || path.length <= parent.length) return path;
        const at = path[parent.length]!;
        const swapped = at === index ? target : at === target ? index : at;
        return [...parent, swapped, ...path.slice(parent.length + 1)];
      };
      return { ...state, definition, selected: follow(state.selected) };
    }
    case "update":
      return {
        ...state,
        definition: withElement(state.definition, action.path, (element) => {
          const next: Record<string, unknown> = { ...element };
          for (const [key, value] of Object.entries(action.patch)) {
            if (key === "type" || key === "name" || key === "elements") continue;
            if (value === undefined || value === "" || (typeof value === "number" && Number.isNaN(value))) delete next[key];
            else next[key] = value;
          }
          return next as unknown as Element;
        }),
      };
    case "rename":
      return renameElement(state, action.path, action.name, false);
    case "setLabel": {
      const element = elementAt(state.definition, action.path);
      if (!element) return state;
      let next: BuilderState = {
        ...state,
        definition: withElement(state.definition, action.path, (current) => {
          const copy = { ...current } as Record<string, unknown>;
          setText(copy, action.field, action.lang, action.text, action.field === "label");
          return copy as unknown as Element;
        }),
      };
      const name = "name" in element ? element.name : undefined;
      if (action.field === "label" && action.lang === "en" && name && state.autoNames.includes(name) && action.text.trim()) {
        const taken = namesIn(next.definition).filter((entry) => entry !== name);
        const base = nameFromLabel(action.text, element.type);
        next = renameElement(next, action.path, uniqueName(RESERVED.has(base) ? `${base}Field` : base, taken), true);
      }
      return next;
    }
    case "setTitle": {
      const title: Record<string, string> = { en: "", ...state.definition.title };
      if (action.lang === "es" && action.text === "") delete title.es;
      else title[action.lang] = action.text;
      const definition = { ...state.definition };
      if (!title.en && !title.es) delete definition.title;
      else definition.title = title as LocalizedText;
      return { ...state, definition };
    }
    case "addOption":
      return withOptions(state, action.path, (options) => {
        const taken = new Set(options.map((option) => option.value));
        let n = options.length + 1;
        while (taken.has(`option${n}`)) n++;
        const label: LocalizedText = { en: `${action.texts.option.en} ${n}`, ...(action.texts.option.es ? { es: `${action.texts.option.es} ${n}` } : {}) };
        return [...options, { value: `option${n}`, label }];
      });
    case "updateOption": {
      const before = (elementAt(state.definition, action.path) as Flagged | undefined)?.options?.[action.index]?.value;
      const next = withOptions(state, action.path, (options) =>
        options.map((option, i) => {
          if (i !== action.index) return option;
          const next: Option = { ...option, label: { ...option.label } };
          if (action.value !== undefined) next.value = action.value;
          if (action.lang && action.label !== undefined) {
            if (action.lang === "es" && action.label === "") delete next.label.es;
            else next.label[action.lang] = action.label;
          }
          return next;
        }),
      );
      // a flagged option keeps its flags under its new value
      return action.value !== undefined && before !== undefined ? withFlags(next, action.path, (value) => (value === before ? action.value : value)) : next;
    }
    case "removeOption": {
      const gone = (elementAt(state.definition, action.path) as Flagged | undefined)?.options?.[action.index]?.value;
      const next = withFlags(
        withOptions(state, action.path, (options) => options.filter((_, i) => i !== action.index)),
        action.path,
        (value) => (value === gone ? undefined : value),
      );
      const element = elementAt(next.definition, action.path) as { type: ElementType; options?: Option[] } | undefined;
      // A checkbox without options is a single tick box; an empty list is not a valid one.
      if (element?.type === "checkbox" && element.options?.length === 0) {
        return {
          ...next,
          definition: withElement(next.definition, action.path, (current) => {
            const { options: _options, ...rest } = current as Element & { options?: Option[] };
            return rest as Element;
          }),
        };
      }
      return next;
    }
    case "moveOption":
      return withOptions(state, action.path, (options) => {
        const target = action.index + action.offset;
        if (target < 0 || target >= options.length) return options;
        [options[action.index], options[target]] = [options[target]!, options[action.index]!];
        return options;
      });
    case "setOptionFlag": {
      const element = elementAt(state.definition, action.path) as Flagged | undefined;
      const value = element?.options?.[action.index]?.value;
      if (!element || value === undefined) return state;
      const has = (list: string[] | undefined) => new Set(list ?? []);
      const defects = has(element.defectIf);
      const outOfService = has(element.outOfServiceIf);
      // an out-of-service answer is a defect too: marking one marks both, and a defect unmarked is neither
      if (action.flag === "defect") {
        if (action.on) defects.add(value);
        else [defects, outOfService].forEach((set) => set.delete(value));
      } else if (action.on) [defects, outOfService].forEach((set) => set.add(value));
      else outOfService.delete(value);
      const order = (set: Set<string>) => (element.options ?? []).map((option) => option.value).filter((entry) => set.has(entry));
      return builderReducer(state, { type: "update", path: action.path, patch: { defectIf: defects.size ? order(defects) : undefined, outOfServiceIf: outOfService.size ? order(outOfService) : undefined } });
    }
    case "setVisibility":
      return {
        ...state,
        definition: withElement(state.definition, action.path, (element) => {
          const next = { ...element };
          if (action.visibleIf) next.visibleIf = action.visibleIf;
          else delete next.visibleIf;
          return next;
        }),
      };
  }
}

/** The value elements an element's condition may refer to: the others outside groups, or in its own group. */
export function conditionTargets(definition: FormDefinition, path: ElementPath): { name: string; label: LocalizedText; element: Element }[] {
  const self = elementAt(definition, path);
  const selfName = self && "name" in self ? self.name : undefined;
  // the repeatable group the element sits in, if any
  let group: Element | undefined;
  for (let depth = 1; depth < path.length; depth++) {
    const ancestor = elementAt(definition, path.slice(0, depth));
    if (ancestor?.type === "group") group = ancestor;
  }
  const out: { name: string; label: LocalizedText; element: Element }[] = [];
  const visit = (list: readonly Element[], inGroup: Element | undefined) => {
    for (const element of list) {
      if (element.type === "section") visit(element.elements, inGroup);
      else {
        if (element.name !== selfName && inGroup === group && element.type !== "group") out.push({ name: element.name, label: element.label, element });
        if (element.type === "group") visit(element.elements, element);
      }
    }
  };
  visit(definition.body, undefined);
  return out;
}

export const firstCondition = (visibility: Visibility | undefined): Condition | undefined => (visibility ? conditionsOf(visibility)[0] : undefined);

export const isSelected = samePath;

/**
 * The element each of parseDefinition's error keys is about:
 * "body.2.elements.0.options.1.value" → "2.0". Errors about the whole
 * definition go under "".
 */
export function problemsByElement(fieldErrors: Record<string, string[]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const parts = key.split(".");
    const path: number[] = [];
    for (let i = 0; i < parts.length - 1; i++) {
      if ((parts[i] === "body" && i === 0) || (parts[i] === "elements" && path.length > 0)) {
        const index = Number(parts[i + 1]);
        if (!Number.isInteger(index)) break;
        path.push(index);
        i++;
      } else break;
    }
    const at = path.join(".");
    out.set(at, [...(out.get(at) ?? []), ...messages]);
  }
  return out;
}
