// ClientCollection, the base of every collection proxy: items after a load, getFirst(OrNullObject).
import { wordError } from "./errors.js";
import { ClientObject } from "./client-object.js";

/**
 * Collections: `items` after a load; loading item properties loads items.
 * Subclasses set static itemClass and implement _itemRefs().
 */
export class ClientCollection extends ClientObject {
  get items() {
    if (!("items" in this._loaded)) throw this._notLoaded("items");
    return this._loaded.items;
  }
  _applyLoad(tree) {
    const ref = this._probe();
    if (ref === null) { this._loaded.items = []; return; }
    let refs = this._itemRefs(ref);
    const skip = Number(tree.skip) || 0;
    refs = refs.slice(skip, tree.top !== undefined ? skip + Number(tree.top) : undefined);
    const Item = this.constructor.itemClass;
    const items = refs.map((r, i) => new Item(this._ctx, { ref: r, collection: this, path: `${this._path}.items[${i}]`, story: this._story }));
    const itemTree = { ...tree, top: undefined, skip: undefined };
    for (const item of items) item._applyLoad(itemTree);
    this._loaded.items = items;
  }
  _checkLoadTree(tree) {
    const Item = this.constructor.itemClass;
    const probe = Object.create(Item.prototype);
    probe._ctx = this._ctx;
    for (const name of tree.scalars) if (Item.props[name] || Item.navs[name]) this._sim.apiSets.require(`${Item.className}.${name}`, Item.sets?.[name]);
  }
  /** Items as the list at execution time. */
  _items(location) {
    const ref = this._target(location);
    return this._itemRefs(ref);
  }
  _itemSpawn(member, compute, orNull) {
    return this._spawn(member, this.constructor.itemClass, (loc) => {
      const r = compute(this._items(loc), loc);
      if (r == null) {
        if (orNull) return null;
        throw wordError("ItemNotFound", loc);
      }
      return r;
    });
  }
  getFirst() { return this._itemSpawn("getFirst", (l) => l[0]); }
  getFirstOrNullObject() { return this._itemSpawn("getFirstOrNullObject", (l) => l[0], true); }
  // getLast/getLastOrNullObject: ParagraphCollection only, as in Word.
  toJSON() {
    return { items: "items" in this._loaded ? this._loaded.items.map((i) => i.toJSON()) : [] };
  }
}
