export class Cart {
    add(item) {
        validate(item);
        this.items.push(item);
        this.count++;
    }

    clear() {
        this.items = [];
    }
}
