// Body: the main text, a table cell's, a header's, a footer's or a note's.
import { ClientObject, defineProxy } from "./runtime.js";
import { spanText } from "./model.js";
import { spanOf } from "./inline-ops.js";
import { textMethods, install } from "./text-methods.js";
import { contentNavs, parentNavs, bindNavs } from "./text-navs.js";
import { styleProps } from "./style-props.js";

export class Body extends ClientObject {}
// Word's Body has no insertPictureFromBase64 (Range and Paragraph have it, WordApiDesktop 1.2).
const { insertPictureFromBase64: _noBodyPicture, ...bodyMethods } = textMethods("Body");
install(Body, bodyMethods);
defineProxy(Body, {
  name: "Body",
  props: {
    text: { get(loc) { const s = spanOf(this._doc, "Body", this._target(loc)); return spanText(this._doc, s.start, s.end).replace(/[\r\t]$/, ""); } },
    type: { set: "1.3", get(loc) { const c = this._target(loc); return c.owner ? "TableCell" : c.storyType || "MainDoc"; } },
    ...styleProps("Body"),
  },
  navs: bindNavs({ ...contentNavs("Body"), parentBody: parentNavs("Body").parentBody }),
  sets: { insertInlinePictureFromBase64: "1.2", insertTable: "1.3", getRange: "1.3", getComments: "1.4", shapes: "D1.2" },
});
