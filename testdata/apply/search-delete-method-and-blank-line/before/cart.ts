export class Cart {
    add(item: Item) {
        this.items.push(item);
    }

    legacyAdd(item: Item) {
        this.add(item);
    }

    clear() {
        this.items = [];
    }
}
