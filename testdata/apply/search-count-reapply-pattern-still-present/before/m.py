new_name(1)
new_name(2)
old_name(3)
old_name(4)
