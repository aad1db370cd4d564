export class Cart {
    add(item: Item) {
        this.items.push(item);
    }

    clear() {
        this.items = [];
    }
}
