new_name(1)
new_name(2)
new_name(3)
new_name(4)
