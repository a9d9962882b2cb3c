// The registry of proxy classes and defineProxy, which declares a class's properties, navigation properties
// and requirement sets.
import { wordError } from "./errors.js";

/** Proxy classes register here so modules can refer to each other without import cycles. */
export const classes = {};

/**
 * Declare a proxy class: scalar properties (get/put run at execution time with `this` = proxy),
 * navigation properties, requirement sets per member (tag "1.3" or "D1.2").
 * @param {Function} Cls
 * @param {{name: string, props?: object, navs?: object, sets?: object}} def
 */
export function defineProxy(Cls, def) {
  Cls.className = def.name;
  Cls.props = def.props || {};
  Cls.navs = def.navs || {};
  Cls.sets = def.sets || {};
  for (const [name, spec] of Object.entries(Cls.props)) {
    if (spec.set) Cls.sets[name] = spec.set;
    Object.defineProperty(Cls.prototype, name, {
      configurable: true,
      get() { return this._read(name); },
      set: spec.put ? function (v) { this._write(name, v); } : function () { throw wordError("InvalidArgument", `${def.name}.${name}`, `Cannot set the read-only property '${name}'.`); },
    });
  }
  for (const [name, spec] of Object.entries(Cls.navs)) {
    if (spec.set) Cls.sets[name] = spec.set;
    Object.defineProperty(Cls.prototype, name, {
      configurable: true,
      get() { return this._navigate(name, classes[spec.cls], spec.resolve, { orNull: !!spec.orNull, story: !!spec.story }); },
    });
  }
  classes[def.name] = Cls;
  return Cls;
}
